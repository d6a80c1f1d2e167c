import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { insertTargetEntry } from '../../cli/init-insert-entry.ts';
import { runCli } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

/* init adds its entry to a team's targets file and leaves every other byte as the team wrote it. */

const teamFile = `{
    "$schema": "./node_modules/api-conformance-harness/targets.schema.json",
    "targets": {
        "staging": { "kind": "url", "families": { "shortener": { "baseUrl": "https://staging.example/v1" } } },
        "local":   {
            "kind": "url",
            "families": { "shortener": { "baseUrl": "http://127.0.0.1:8080/v1" } }
        }
    },
    "default": "staging"
}
`;

test('an entry added by init: the file is the team file with the entry inserted after the last one, nothing else changed', async () => {
  const targets = join(tempFolder('harness-init-'), 'targets.json');
  writeFileSync(targets, teamFile);
  const result = await runCli([
    'init',
    '--family',
    'shortener',
    '--name',
    'mine',
    '--url',
    'http://127.0.0.1:9090/short/v1',
    '--targets',
    targets,
  ]);
  expect(result.code, result.stderr).toBe(0);
  const written = readFileSync(targets, 'utf8');
  const lastEntryEnd = teamFile.indexOf('        }\n    },') + '        }'.length;
  expect(written.slice(0, lastEntryEnd)).toBe(teamFile.slice(0, lastEntryEnd));
  expect(written.endsWith(teamFile.slice(lastEntryEnd))).toBe(true);
  const parsed = JSON.parse(written);
  expect(Object.keys(parsed.targets)).toEqual(['staging', 'local', 'mine']);
  // The base URL as given: no family path appended.
  expect(parsed.targets.mine.families.shortener.baseUrl).toBe('http://127.0.0.1:9090/short/v1');
  // The entry it adds is printed.
  expect(result.stdout).toContain('"baseUrl": "http://127.0.0.1:9090/short/v1"');
  expect(result.stdout).toContain('"mine": {');
});

test('insertTargetEntry: into an empty targets object, with CRLF line ends and the file indentation kept', () => {
  const empty = '{\r\n\t"targets": {}\r\n}\r\n';
  const added = insertTargetEntry(empty, 'a', { kind: 'url' });
  expect(added).toBe('{\r\n\t"targets": {\r\n\t\t"a": {\r\n\t\t\t"kind": "url"\r\n\t\t}\r\n\t}\r\n}\r\n');
  const nested = '{"other": {"targets": {"x": 1}}, "targets": {"b": {"kind": "url"}}}';
  expect(JSON.parse(insertTargetEntry(nested, 'c', { kind: 'url' }))).toEqual({
    other: { targets: { x: 1 } },
    targets: { b: { kind: 'url' }, c: { kind: 'url' } },
  });
});

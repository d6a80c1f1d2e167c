import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { initTargets } from '../../cli/init-command.ts';
import { families } from '../../families/index.ts';
import { formatKeyPath } from '../../targets/placeholders.ts';
import { targetsFileSchemaFor } from '../../targets/schema.ts';
import { runCli } from '../support/run-harness-cli.ts';
import { type DocumentShortener, startDocumentShortener } from '../independent/shortener/document-service.ts';
import { tempFolder } from '../support/temp-folders.ts';

let shortener: DocumentShortener;
beforeAll(async () => (shortener = await startDocumentShortener()));
afterAll(() => shortener.close());

test('harness init, then doctor: the unset placeholder is named, and once exported the entry reaches the service', async () => {
  const targets = join(tempFolder('harness-init-'), 'targets.json');
  const init = await runCli(['init', '--family', 'shortener', '--name', 'short', '--targets', targets]);
  expect(init.code, init.stderr).toBe(0);
  expect(init.stdout).toContain(
    'SHORTENER_BASE_URL  (targets.short.families.shortener.baseUrl): give the shortener base address',
  );
  expect(JSON.parse(readFileSync(targets, 'utf8'))).toMatchObject({
    default: 'short',
    targets: { short: { kind: 'url', families: { shortener: { baseUrl: '${SHORTENER_BASE_URL}' } } } },
  });
  const missing = await runCli(['doctor', '--targets', targets], { SHORTENER_BASE_URL: undefined });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(
    'targets.short.families.shortener.baseUrl uses ${SHORTENER_BASE_URL}, which is not set',
  );
  const ready = await runCli(['doctor', '--targets', targets], { SHORTENER_BASE_URL: shortener.baseUrl });
  expect(ready.code, ready.stdout + ready.stderr).toBe(0);
  // A second entry is added beside the first; a name taken is a usage error.
  expect((await runCli(['init', '--family', 'cdr', '--name', 'holder', '--targets', targets])).code).toBe(0);
  expect(Object.keys(JSON.parse(readFileSync(targets, 'utf8')).targets)).toEqual(['short', 'holder']);
  const taken = await runCli(['init', '--name', 'short', '--targets', targets]);
  expect(taken.code).toBe(2);
  expect(taken.stderr).toContain('already has a target named "short"');
});

test('an entry of every family has every required key: once its placeholders are filled, the schema finds nothing else wanting', () => {
  const targets = join(tempFolder('harness-init-'), 'targets.json');
  const result = initTargets({ targetsFile: targets, name: 'all' });
  expect(Object.keys(result.entry.families as object).sort()).toEqual(
    families()
      .map((family) => family.name)
      .sort(),
  );
  const placeholderKeys = new Set(result.needs.filter((need) => need.variable).map((need) => need.key));
  // Every placeholder becomes a plain word: the only issues left may be the forms of those values (a URL, an id's
  // length).
  const filled = JSON.parse(readFileSync(targets, 'utf8').replace(/\$\{[A-Z0-9_]+\}/g, 'value'));
  const parsed = targetsFileSchemaFor(families()).safeParse(filled);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) =>
        formatKeyPath([
          'targets',
          ...issue.path.slice(1).map((part) => (typeof part === 'symbol' ? String(part) : part)),
        ]),
      );
  expect(issues.filter((key) => !placeholderKeys.has(key))).toEqual([]);
});

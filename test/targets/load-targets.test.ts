import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveTarget } from '../../families/resolve-target.ts';
import { readTargetsFile } from '../../targets/load-targets.ts';
import { env, harnessError, targetsDir, urlTarget, writeFileIn } from '../support/target-entries.ts';

const dir = targetsDir();
const writeFile = (name: string, text: string) => writeFileIn(dir, name, text);

describe('readTargetsFile', () => {
  test('a missing file is CONFIG_NOT_FOUND naming the path', async () => {
    const error = await harnessError(() => readTargetsFile(join(dir, 'nope.json')), 'CONFIG_NOT_FOUND');
    expect(error.message).toContain(join(dir, 'nope.json'));
    expect(error.fix).toBe('pass --targets FILE, or run from a folder with a targets.json');
  });

  test('invalid JSON is CONFIG_INVALID', async () => {
    const path = writeFile('broken.json', '{ "targets": { ');
    const error = await harnessError(() => readTargetsFile(path), 'CONFIG_INVALID');
    expect(error.message).toContain('not valid JSON');
  });

  test('a trailing comma is named by line and column, where an editor finds it', async () => {
    const path = writeFile('comma.json', '{\n  "targets": {\n    "a": { "kind": "url", },\n  }\n}\n');
    const error = await harnessError(() => readTargetsFile(path), 'CONFIG_INVALID');
    expect(error.message).toContain(`${path}:3:27 is not valid JSON`);
    expect(error.message).toContain('(line 3, column 27)');
    expect(error.message).not.toContain('position');
  });

  test('an unknown top-level key is CONFIG_INVALID naming the key and the likely one', async () => {
    const path = writeFile('typo.json', JSON.stringify({ targetz: {}, targets: {} }));
    const error = await harnessError(() => readTargetsFile(path), 'CONFIG_INVALID');
    expect(error.message).toContain('"targetz"');
    expect(error.message).toContain('did you mean "targets"');
  });

  test('a key of another kind of entry names that kind instead of guessing the key itself', async () => {
    const path = writeFile(
      'other-kind.json',
      JSON.stringify({ targets: { a: { ...urlTarget, ready: { stdoutMatches: 'listening' } } } }),
    );
    const error = await harnessError(() => resolveTarget(readTargetsFile(path), 'a', env), 'CONFIG_INVALID');
    expect(error.message).toContain('targets.a: "ready" is a key of an entry of kind "command"');
    expect(error.message).toContain('(fix: remove it, or set "kind": "command")');
    expect(error.message).not.toContain('did you mean "ready"');
  });

  test('a bad target name is CONFIG_INVALID naming it', async () => {
    const path = writeFile('badname.json', JSON.stringify({ targets: { 'my target!': urlTarget } }));
    const error = await harnessError(() => readTargetsFile(path), 'CONFIG_INVALID');
    expect(error.message).toContain('targets.my target!');
  });

  // zod 4 reports a bad record key as `invalid_key` with the key schema's own message nested inside.
  test('a bad target name says what names may contain', async () => {
    const path = writeFile('badname2.json', JSON.stringify({ targets: { 'my target!': urlTarget } }));
    const error = await harnessError(() => readTargetsFile(path), 'CONFIG_INVALID');
    expect(error.message).toContain('target names use letters');
  });

  test('a good file gives the default and the raw targets, unvalidated', () => {
    const path = writeFile(
      'good.json',
      JSON.stringify({ default: 'b', targets: { a: urlTarget, b: { anything: true } } }),
    );
    const file = readTargetsFile(path);
    expect(file).toEqual({ path, defaultTarget: 'b', rawTargets: { a: urlTarget, b: { anything: true } } });
    expect(readTargetsFile(writeFile('nodefault.json', JSON.stringify({ targets: {} }))).defaultTarget).toBe(
      'reference',
    );
  });
});

import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * The hooks through which the CLI loads its TypeScript (bin/typescript-hooks.mjs), in fresh Node processes as
 * bin/harness.js registers them, each from a copy in an install of its own (its node_modules holds rolldown alone), so
 * that the cache these tests fill or refuse is theirs.
 */

const run = promisify(execFile);
const hooksFile = fileURLToPath(new URL('../../bin/typescript-hooks.mjs', import.meta.url));
const rolldown = fileURLToPath(new URL('../../node_modules/rolldown', import.meta.url));

/** A copy of the hooks in a fresh install: `<root>/bin/typescript-hooks.mjs` and `<root>/node_modules/rolldown`. */
function installHooks(): string {
  const root = tempFolder('harness-typescript-hooks-');
  mkdirSync(join(root, 'bin'));
  mkdirSync(join(root, 'node_modules'));
  copyFileSync(hooksFile, join(root, 'bin', 'typescript-hooks.mjs'));
  symlinkSync(rolldown, join(root, 'node_modules', 'rolldown'));
  return root;
}

/** Imports `entry` in a fresh process with the install's hooks registered as bin/harness.js does; its output. */
async function importThrough(root: string, entry: string): Promise<string> {
  const hooks = pathToFileURL(join(root, 'bin', 'typescript-hooks.mjs')).href;
  const script = `import { register } from 'node:module';
    process.setSourceMapsEnabled(true);
    register(${JSON.stringify(hooks)});
    try { await import(${JSON.stringify(pathToFileURL(entry).href)}); }
    catch (error) { console.log(error.stack.split('\\n').slice(0, 2).join('\\n')); }`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return stdout;
}

/** A module with types, an import of a sibling by its .ts name, and a throw on line 6 of the file. */
function writeModule(folder: string, greeting: string): string {
  writeFileSync(join(folder, 'sibling.ts'), `export const greeting: string = ${JSON.stringify(greeting)};\n`);
  const entry = join(folder, 'entry.ts');
  writeFileSync(
    entry,
    `import { greeting } from './sibling.ts';\ninterface Shown { text: string }\nconst shown: Shown = { text: greeting };\nconsole.log(shown.text);\n\nthrow new Error('thrown on line 6');\n`,
  );
  return entry;
}

const cached = (root: string) => readdirSync(join(root, 'node_modules', '.harness-module-cache', 'typescript'));

describe('the CLI loads TypeScript through its own hooks', () => {
  test('types are stripped, a sibling is imported by its .ts name, and a stack trace names the .ts line', async () => {
    const root = installHooks();
    const output = await importThrough(root, writeModule(tempFolder('harness-typescript-source-'), 'hello'));
    expect(output).toMatch(/^hello\nError: thrown on line 6\n\s+at .*entry\.ts:6:\d+/);
  });

  test('what is transformed is kept, and a file changed since is transformed again: never an old version', async () => {
    const root = installHooks();
    const source = tempFolder('harness-typescript-source-');
    const entry = writeModule(source, 'first');
    expect(await importThrough(root, entry)).toMatch(/^first\n/);
    expect(cached(root)).toHaveLength(2);
    expect(await importThrough(root, entry)).toMatch(/^first\n/);
    expect(cached(root)).toHaveLength(2);
    writeModule(source, 'second');
    expect(await importThrough(root, entry)).toMatch(/^second\n/);
    // The sibling changed; the entry did not.
    expect(cached(root)).toHaveLength(3);
  });

  test('an install whose cache cannot be made still loads every file (transformed in each process)', async () => {
    const root = installHooks();
    // A file where the cache folder would go: no process, not even root's, can make the folder.
    writeFileSync(join(root, 'node_modules', '.harness-module-cache'), '');
    const output = await importThrough(root, writeModule(tempFolder('harness-typescript-source-'), 'uncached'));
    expect(output).toMatch(/^uncached\nError: thrown on line 6\n\s+at .*entry\.ts:6:\d+/);
  });
});

import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * The CLI's bundle (bin/cli-bundle.mjs), in fresh Node processes as bin/harness.js asks for it, each from a copy in an
 * install of its own (its node_modules holds rolldown alone), with a small TypeScript program for the CLI's source.
 */

const run = promisify(execFile);
const bundleFile = fileURLToPath(new URL('../../bin/cli-bundle.mjs', import.meta.url));
const rolldown = fileURLToPath(new URL('../../node_modules/rolldown', import.meta.url));

/** A fresh install: `<root>/bin/cli-bundle.mjs`, `<root>/node_modules/rolldown`, and a program under `<root>/src`. */
function install(greeting: string): string {
  const root = tempFolder('harness-cli-bundle-');
  for (const folder of ['bin', 'node_modules', 'src']) mkdirSync(join(root, folder));
  copyFileSync(bundleFile, join(root, 'bin', 'cli-bundle.mjs'));
  symlinkSync(rolldown, join(root, 'node_modules', 'rolldown'));
  writeProgram(root, greeting);
  return root;
}

/**
 * The program: an entry that imports a sibling by its .ts name, loads a second module only when run (a chunk of its
 * own), prints its own import.meta.url, and throws on line 7.
 */
function writeProgram(root: string, greeting: string): void {
  writeFileSync(join(root, 'src', 'sibling.ts'), `export const greeting: string = ${JSON.stringify(greeting)};\n`);
  writeFileSync(join(root, 'src', 'later.ts'), `export const later = (): string => 'later';\n`);
  writeFileSync(
    join(root, 'src', 'entry.ts'),
    [
      `import { greeting } from './sibling.ts';`,
      'interface Shown { text: string }',
      'const shown: Shown = { text: greeting };',
      `const { later } = await import('./later.ts');`,
      'console.log(shown.text, later(), import.meta.url);',
      '',
      `throw new Error('thrown on line 7');`,
      '',
    ].join('\n'),
  );
}

/** Asks the install's bin/cli-bundle.mjs for the bundled entry, as bin/harness.js does, and imports it. */
async function runBundled(root: string): Promise<{ bundle: string; output: string }> {
  const script = `import { bundledEntry } from ${JSON.stringify(pathToFileURL(join(root, 'bin', 'cli-bundle.mjs')).href)};
    process.setSourceMapsEnabled(true);
    const bundle = await bundledEntry(${JSON.stringify(root)}, 'src/entry.ts');
    console.log(String(bundle));
    if (bundle) try { await import(bundle); } catch (error) { console.log(error.stack.split('\\n').slice(0, 2).join('\\n')); }`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const [bundle = '', ...output] = stdout.split('\n');
  return { bundle, output: output.join('\n') };
}

const cacheFolder = (root: string) => join(root, 'node_modules', '.harness-module-cache', 'cli-bundle');
const bundles = (root: string) => readdirSync(cacheFolder(root)).filter((name) => /^\d+-\d+$/.test(name));

describe('the CLI bundled and kept between processes', () => {
  test('a bundle that loads its parts when asked, knows each source file by its own URL, and names the .ts line in a stack trace', async () => {
    const root = install('hello');
    const { bundle, output } = await runBundled(root);
    expect(bundle).toMatch(/cli-bundle\/\d+-\d+\/main\.mjs$/);
    expect(output).toMatch(
      /^hello later file:\/\/.*\/src\/entry\.ts\nError: thrown on line 7\n\s+at .*entry\.ts:7:\d+/,
    );
    // The module imported when run is a chunk of its own.
    expect(
      readdirSync(join(cacheFolder(root), bundles(root)[0] as string)).filter((name) => name.endsWith('.mjs')),
    ).toHaveLength(2);
  });

  test('the next process loads the same bundle; one made from a file changed since is never loaded', async () => {
    const root = install('first');
    const first = await runBundled(root);
    expect((await runBundled(root)).bundle).toBe(first.bundle);
    expect(bundles(root)).toHaveLength(1);
    writeProgram(root, 'second');
    const second = await runBundled(root);
    expect(second.bundle).not.toBe(first.bundle);
    expect(second.output).toMatch(/^second later /);
    // The bundle replaced stays a day for processes that may still load its chunks.
    expect(bundles(root)).toHaveLength(2);
  });

  test('while another process builds, and where the cache cannot be made, the caller is told to load the source', async () => {
    const building = install('building');
    mkdirSync(cacheFolder(building), { recursive: true });
    mkdirSync(join(cacheFolder(building), 'building.lock'));
    expect((await runBundled(building)).bundle).toBe('undefined');
    // A lock a minute old is a builder that died: taken over.
    const minuteAgo = new Date(Date.now() - 61_000);
    utimesSync(join(cacheFolder(building), 'building.lock'), minuteAgo, minuteAgo);
    expect((await runBundled(building)).output).toMatch(/^building later /);

    const readOnly = install('read-only');
    // A file where the cache folder would go: no process, not even root's, can make the folder.
    writeFileSync(join(readOnly, 'node_modules', '.harness-module-cache'), '');
    expect((await runBundled(readOnly)).bundle).toBe('undefined');
  });
});

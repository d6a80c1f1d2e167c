// How a process gets the CLI's `main`: the bundle when it is current (bin/cli-bundle.mjs), else the TypeScript source
// through the module hooks. bin/harness.js runs one command with it; the self-tests' run server (test/support) many.
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundledEntry } from './cli-bundle.mjs';

/**
 * The processes the CLI starts (test workers, the reference) let go of large freed buffers at once: glibc otherwise
 * raises its mmap threshold after the first large free and keeps later large buffers in heaps it rarely returns.
 */
export function withCliChildSettings(env) {
  env.MALLOC_MMAP_THRESHOLD_ ??= String(128 * 1024);
  return env;
}

/**
 * The CLI's `main(argv)`. `drivesVitest`: the commands about to run start vitest (run, mutants), whose modules are
 * then loaded before the hooks are registered: loaded through the loader, vitest and vite cost the main process about
 * 140 MB more resident memory (the loader thread keeps what it read, and their source maps get parsed), and a run's
 * whole process tree must stay under 512 MB.
 */
export async function loadCliMain({ drivesVitest }) {
  // Families of the user's own import the harness's modules from source and must share them with the CLI: then
  // everything is loaded from source.
  const bundled = process.env.HARNESS_FAMILIES
    ? undefined
    : await bundledEntry(fileURLToPath(new URL('..', import.meta.url)), 'cli/main.ts');
  if (bundled) return import(bundled);
  if (drivesVitest) await import('vitest/node');
  register('./typescript-hooks.mjs', import.meta.url);
  return import('../cli/main.ts');
}

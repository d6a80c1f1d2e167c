#!/usr/bin/env -S UV_THREADPOOL_SIZE=1 node --max-semi-space-size=2
// Runs the TypeScript CLI with no build step: bundled on first use (bin/cli-bundle.mjs), or through module hooks.
// The line above keeps a run's memory down: a young generation of 2 MB a half keeps the garbage of large answers
// from piling up between collections, and one thread in libuv's pool instead of four spares the main process some
// 35 MB (each thread that reads files for the loaders keeps its own malloc arena); the pool starts before this file
// runs, hence there.
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundledEntry } from './cli-bundle.mjs';

// The processes the CLI starts (test workers, the reference) let go of large freed buffers at once: glibc otherwise
// raises its mmap threshold after the first large free and keeps later large buffers in heaps it rarely returns.
process.env.MALLOC_MMAP_THRESHOLD_ ??= String(128 * 1024);

// A run stopped while it still loads must also end with exit 2 and its summary: the signal is kept here
// until the run listens (run/interrupt.ts takes it over) instead of killing the process outright.
if (process.argv[2] === 'run') {
  const early = {
    signal: undefined,
    listener: (signal) => {
      early.signal ??= signal;
    },
  };
  globalThis[Symbol.for('harness.early-signal')] = early;
  process.on('SIGINT', early.listener);
  process.on('SIGTERM', early.listener);
}

// Stack traces name the .ts lines (the bundle and the hooks both give source maps).
process.setSourceMapsEnabled(true);
// The CLI bundled (bin/cli-bundle.mjs), unless families of the user's own are loaded: those import the harness's
// modules from source, and must share them with the CLI, so then everything is loaded from source.
const bundled = process.env.HARNESS_FAMILIES
  ? undefined
  : await bundledEntry(fileURLToPath(new URL('..', import.meta.url)), 'cli/main.ts');
const { main } = await import(bundled ?? (await throughHooks()));
process.exitCode = await main(process.argv.slice(2));

/** Registers the TypeScript hooks (bin/typescript-hooks.mjs); the CLI's source entry to import through them. */
async function throughHooks() {
  // The commands that drive vitest load it before the hooks are registered. Loaded through the loader, vitest
  // and vite cost the main process about 140 MB more resident memory (the loader thread keeps what it read, and
  // their source maps get parsed), and a run's whole process tree must stay under 512 MB.
  const asksHelp = process.argv.includes('--help') || process.argv.includes('-h');
  if (['run', 'mutants'].includes(process.argv[2] ?? '') && !asksHelp) await import('vitest/node');
  register('./typescript-hooks.mjs', import.meta.url);
  return '../cli/main.ts';
}

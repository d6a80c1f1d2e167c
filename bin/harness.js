#!/usr/bin/env -S UV_THREADPOOL_SIZE=1 node --max-semi-space-size=2
// Runs the TypeScript CLI through module hooks (bin/typescript-hooks.mjs), so the harness needs no build step.
// The line above keeps a run's memory down: a young generation of 2 MB a half keeps the garbage of large answers
// from piling up between collections, and one thread in libuv's pool instead of four spares the main process some
// 35 MB (each thread that reads files for the loaders keeps its own malloc arena); the pool starts before this file
// runs, hence there.
import { register } from 'node:module';

// The processes the CLI starts (test workers, the reference) let go of large freed buffers at once: glibc otherwise
// raises its mmap threshold after the first large free and keeps later large buffers in heaps it rarely returns.
process.env.MALLOC_MMAP_THRESHOLD_ ??= String(128 * 1024);

// The commands that drive vitest load it before the hooks are registered. Loaded through the loader, vitest
// and vite cost the main process about 140 MB more resident memory (the loader thread keeps what it read, and
// their source maps get parsed), and a run's whole process tree must stay under 512 MB.
const asksHelp = process.argv.includes('--help') || process.argv.includes('-h');
const drivesVitest = ['run', 'mutants'].includes(process.argv[2] ?? '') && !asksHelp;
// A run stopped while it still loads must also end with exit 2 and its summary: the signal is kept here
// until the run listens (cli/interrupt.ts takes it over) instead of killing the process outright.
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
if (drivesVitest) await import('vitest/node');

// Stack traces name the .ts lines (the hooks give each file an inline source map).
process.setSourceMapsEnabled(true);
register('./typescript-hooks.mjs', import.meta.url);
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

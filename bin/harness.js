#!/usr/bin/env -S UV_THREADPOOL_SIZE=1 node --max-semi-space-size=2
// Runs the TypeScript CLI with no build step: bundled on first use (bin/cli-bundle.mjs), or through module hooks.
// The line above keeps a run's memory down: a young generation of 2 MB a half keeps the garbage of large answers
// from piling up between collections, and one thread in libuv's pool instead of four spares the main process some
// 35 MB (each thread that reads files for the loaders keeps its own malloc arena); the pool starts before this file
// runs, hence there.
import { loadCliMain, withCliChildSettings } from './cli-main.mjs';

withCliChildSettings(process.env);

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
const asksHelp = process.argv.includes('--help') || process.argv.includes('-h');
const { main } = await loadCliMain({ drivesVitest: ['run', 'mutants'].includes(process.argv[2] ?? '') && !asksHelp });
process.exitCode = await main(process.argv.slice(2));

import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/heavy-first-sequencer.ts';

/**
 * The harness's own tests (npm test). The conformance suites run through `harness run`, not this config.
 *
 * Most tests wait on servers and child processes more than they compute, so three files run at once. Those
 * that measure time (a rate limit found within 10%, an achieved rate within 10%, a stall in the tail) run
 * afterwards, one at a time, with the machine to themselves.
 */
const timed = [
  'test/load/**/*.test.ts',
  'test/cli/load-command.test.ts',
  'test/cli/exchange-rate-limit-after-rules.test.ts',
];

const shared = {
  // Several tests run the real CLI end to end (a reference target and a vitest run each): on 2 cores they
  // are kept few at a time and given time.
  testTimeout: 240_000,
  hookTimeout: 60_000,
  maxConcurrency: 3,
  // Each file's folders in the OS temp dir (reports, targets files) are removed when the file ends.
  setupFiles: ['test/support/remove-temp-folders.ts'],
};

export default defineConfig({
  test: {
    reporters: ['default'],
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          ...shared,
          name: 'behaviour',
          include: ['test/**/*.test.ts'],
          exclude: timed,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...shared, name: 'timed', include: timed, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});

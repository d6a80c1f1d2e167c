import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/heavy-first-sequencer.ts';
import { moduleCacheFolder } from './run/module-cache.ts';

const moduleCache = moduleCacheFolder();

/**
 * The harness's own tests (npm test). The conformance suites run through `harness run`, not this config.
 *
 * Most tests wait on servers and child processes more than they compute, so four files run at once (with three, the
 * self-tests' processes kept 1.4 of the two cores busy on average). Those that measure time (a rate limit found within
 * 10%, an achieved rate within 10%, a stall in the tail) run afterwards, without the others: four at a time, since
 * they mostly wait on their own load (together they use about 1.3 of the two cores: 34 to 37 s, against 46 s three at
 * a time and 121 s one at a time, and passed five runs in five).
 */
/**
 * The timed files: every file under test/load but those in untimedLoad, and these runs of the CLI (the last two: slow
 * targets' verdicts before the run's deadline, which the harness's own pace between answers decides; beside the
 * heaviest files, such a run reached its deadline with rules not run).
 */
const timedCli = [
  'test/cli/load-command.test.ts',
  'test/cli/exchange-rate-limit-after-rules.test.ts',
  'test/cli/slow-holder-deadline.test.ts',
  'test/independent/cdr/slow-list-holder.test.ts',
];
/**
 * Files under test/load that run with the rest, not in the serial tail: those that send nothing and measure no time,
 * and the Swarm job, whose 30 requests a second from three replicas and p99 under 2 s a busy machine still meets (it
 * mostly waits on the container engine, almost a minute that the tail would spend alone).
 */
const untimedLoad = [
  'test/load/engine-names-no-family.test.ts',
  'test/load/kubernetes-manifest.test.ts',
  'test/load/segment.test.ts',
  'test/load/thresholds.test.ts',
  'test/load/swarm-nightly.test.ts',
  // The --out sinks: in process, a few samples each (and a real Prometheus where one is installed); nothing timed.
  'test/load/outputs/**/*.test.ts',
];

const shared = {
  // Several tests run the real CLI end to end (a reference target and a vitest run each): on 2 cores they
  // are kept few at a time and given time.
  testTimeout: 240_000,
  hookTimeout: 60_000,
  maxConcurrency: 3,
  // Each file's folders in the OS temp dir (reports, targets files) are removed when the file ends.
  setupFiles: ['test/support/remove-temp-folders.ts'],
  // An environment variable a test stubs is restored when its file ends (files share a worker's process).
  unstubEnvs: true,
};

export default defineConfig({
  test: {
    reporters: ['default'],
    // The transformed modules are kept between runs, in the folder the CLI's runs keep theirs (run/module-cache.ts).
    ...(moduleCache ? { experimental: { fsModuleCache: true, fsModuleCachePath: moduleCache } } : {}),
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          ...shared,
          name: 'behaviour',
          // Every folder but test/load, and the load files listed above.
          include: ['test/!(load)/**/*.test.ts', ...untimedLoad],
          exclude: timedCli,
          maxWorkers: 4,
          // Test files share their worker's module cache: most import the same harness modules, and importing them
          // afresh for each of some 170 files cost more CPU than many of the files' own tests.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'timed',
          include: ['test/load/**/*.test.ts', ...timedCli],
          exclude: untimedLoad,
          // Four that measure, and a fifth for the slow targets' runs, which mostly wait on their targets' late answers.
          maxWorkers: 5,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

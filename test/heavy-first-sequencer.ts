import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The self-tests that take minutes start first, so that the workers finish together instead of one running
 * a long file alone at the end (a fresh clone has no timings for vitest to order by). Within a project
 * group, vitest's own order is kept for the rest.
 */
const heaviest = [
  // Longest first (vitest --reporter=json durations on a quiet 2-core machine, 2026-12), so the last to start are
  // short. The catalogue's `harness mutants` alone takes almost four minutes beside the others.
  'test/mutants/mutant-catalogue.test.ts',
  'test/cli/hostile-first-requests.test.ts',
  'test/cli/interrupt.test.ts',
  'test/cli/hostile-walks.test.ts',
  'test/ci/ci-gate-example.test.ts',
  // Mostly waits on npm installing the packed harness (about a minute on a busy machine, some 30 s of CPU).
  'test/cli/packaged-install.test.ts',
  'test/cli/reference-run.test.ts',
  'test/cli/exchange-custody-dialects.test.ts',
  'test/cli/cards-one-fault.test.ts',
  'test/cli/team-adapter.test.ts',
  'test/load/swarm-nightly.test.ts',
  'test/cli/hostile-exchange-custody.test.ts',
  'test/cli/hostile-corpus.test.ts',
  'test/targets/container-target.test.ts',
  'test/cli/hostile-cdr.test.ts',
  'test/independent/loyalty/sequence-faults.test.ts',
  'test/independent/billing/sequence-faults.test.ts',
  'test/cli/secrets-in-reports.test.ts',
  'test/families/plugin.test.ts',
  'test/cli/late-memory.test.ts',
  // The timed tail (a group of its own, after the rest): the runs whose deadline is the test start first, so the
  // tail ends with the short files instead of with them.
  'test/independent/cdr/slow-list-holder.test.ts',
  'test/cli/slow-holder-deadline.test.ts',
  'test/cli/load-command.test.ts',
  'test/load/rate-limit-probe.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = heaviest.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? heaviest.length : index;
};

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

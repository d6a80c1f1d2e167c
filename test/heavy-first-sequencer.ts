import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The self-tests that take minutes start first, so that the workers finish together instead of one running
 * a long file alone at the end (a fresh clone has no timings for vitest to order by). Within a project
 * group, vitest's own order is kept for the rest.
 */
const heaviest = [
  // Longest first (vitest --reporter=json durations on a busy 2-core machine), so the last to start are short.
  'test/mutants/mutant-catalogue.test.ts',
  'test/cli/reference-run.test.ts',
  // Mostly waits on npm installing the packed harness (about a minute on a busy machine, some 30 s of CPU).
  'test/cli/packaged-install.test.ts',
  'test/cli/hostile-first-requests.test.ts',
  'test/cli/hostile-corpus.test.ts',
  'test/cli/interrupt.test.ts',
  'test/mutants/collateral-shortener.test.ts',
  'test/cli/hostile-cdr.test.ts',
  'test/reference/mutants.test.ts',
  'test/cli/hostile-exchange-custody.test.ts',
  'test/cli/exchange-custody-dialects.test.ts',
  'test/cli/cards-one-fault.test.ts',
  'test/cli/hostile-target.test.ts',
  'test/ci/ci-gate-example.test.ts',
  'test/load/swarm-nightly.test.ts',
  'test/cli/secrets-in-reports.test.ts',
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

import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The self-tests that take minutes start first, so that two workers finish together instead of one running
 * a long file alone at the end (a fresh clone has no timings for vitest to order by). Within a project
 * group, vitest's own order is kept for the rest.
 */
const heaviest = [
  'test/mutants/mutant-catalogue-documents-1-3.test.ts',
  'test/mutants/mutant-catalogue-document-2-custody.test.ts',
  'test/cli/reference-run.test.ts',
  'test/cli/hostile-corpus.test.ts',
  'test/cli/interrupt.test.ts',
  'test/ci/ci-gate-example.test.ts',
  'test/cli/hostile-cdr.test.ts',
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

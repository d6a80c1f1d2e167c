import type { TestCase, TestModule } from 'vitest/node';
import type { RuleOutcome } from '../rules/rule-outcome.ts';

/**
 * The rules a dead test worker left without a verdict, as broken outcomes that say why (the cause its last words
 * gave) and which rules were running when it died: the harness crashed, not the target, and the report says so
 * per rule instead of listing them as not run. Rules with a verdict (`judged`) and tests filtered out are left.
 */
export function crashedOutcomes(
  testModules: ReadonlyArray<TestModule>,
  judged: ReadonlySet<string>,
  running: readonly string[],
  cause: string,
): RuleOutcome[] {
  const outcomes: RuleOutcome[] = [];
  for (const module of testModules) {
    const left = withoutVerdict(module, judged, (testCase) => testCase.result().state !== 'skipped');
    if (left.length === 0) continue;
    // A file's tests run one after the other: without word of which had started, it was the first left.
    const started = left.filter((ruleId) => running.includes(ruleId));
    const during = started.length ? started : left.slice(0, 1);
    for (const ruleId of left)
      outcomes.push({
        ruleId,
        family: ruleId.split('.')[0] ?? '',
        status: 'broken',
        section: '',
        message: `the harness's test worker died (${cause}) while it ran ${during.join(', ')}; ${during.includes(ruleId) ? 'this rule was running' : 'this rule was not judged'}`,
      });
  }
  return outcomes;
}

/** The rules of a file's tests that `counts` keeps and that have no verdict (`judged`). */
function withoutVerdict(module: TestModule, judged: ReadonlySet<string>, counts: (testCase: TestCase) => boolean) {
  return [...module.children.allTests()]
    .filter(counts)
    .map((testCase) => testCase.name.split(':')[0] ?? testCase.name)
    .filter((ruleId) => !judged.has(ruleId));
}

/**
 * The rules of a suite file that failed outside its tests (a hook that outlasted its own limit, a file that could not
 * load): no test of it ran, so no rule of it has a verdict. They are broken, naming the error, never "not run": the
 * harness failed, not the target, and not an interruption. Tests the selection filtered out are left.
 */
export function fileErrorOutcomes(testModules: ReadonlyArray<TestModule>, judged: ReadonlySet<string>): RuleOutcome[] {
  return testModules.flatMap((module) => {
    const error = module.errors()[0];
    if (!error) return [];
    const message = `the harness failed outside this rule's test, in its suite file (${error.message.split('\n')[0]}): no verdict on the target`;
    return withoutVerdict(module, judged, (testCase) => testCase.options.mode === 'run').map(
      (ruleId): RuleOutcome => ({ ruleId, family: ruleId.split('.')[0] ?? '', status: 'broken', section: '', message }),
    );
  });
}

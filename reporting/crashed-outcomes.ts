import type { TestModule } from 'vitest/node';
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
    const left = [...module.children.allTests()]
      .filter((testCase) => testCase.result().state !== 'skipped')
      .map((testCase) => testCase.name.split(':')[0] ?? testCase.name)
      .filter((ruleId) => !judged.has(ruleId));
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

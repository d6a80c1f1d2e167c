import { Stage, Status, type TestResult } from 'allure-js-commons';
import { randomUUID } from 'node:crypto';
import type { RuleOutcome } from '../rules/rule-outcome.ts';

/**
 * The Allure result of a rule a dead test worker (or a suite file that failed outside its tests) left broken: nothing
 * was written for it, so without this Allure would show the rule as missing while summary.json and junit.xml say
 * broken, with the cause. `tag` says which of the two it was.
 */
export function crashedAllureResult(outcome: RuleOutcome, tag: string, at: number): TestResult {
  return {
    uuid: randomUUID(),
    historyId: outcome.ruleId,
    testCaseId: outcome.ruleId,
    name: outcome.ruleId,
    fullName: outcome.ruleId,
    status: Status.BROKEN,
    statusDetails: { message: outcome.message ?? 'the test worker died' },
    stage: Stage.FINISHED,
    start: at,
    stop: at,
    labels: [
      { name: 'rule', value: outcome.ruleId },
      { name: 'epic', value: outcome.family },
      { name: 'story', value: outcome.ruleId },
      { name: 'tag', value: tag },
    ],
    steps: [],
    attachments: [],
    parameters: [],
    links: [],
  };
}

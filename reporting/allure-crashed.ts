import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleOutcome } from '../rules/rule-outcome.ts';

/**
 * Allure results for rules a dead test worker (or a suite file that failed outside its tests) left broken: nothing
 * was written for them, so without these Allure would show the rules as missing while summary.json and junit.xml say
 * broken, with the cause. `tag` says which of the two it was.
 */
export function writeCrashedAllureResults(
  resultsDir: string,
  outcomes: readonly RuleOutcome[],
  tag = 'worker crash',
): void {
  if (outcomes.length === 0) return;
  mkdirSync(resultsDir, { recursive: true });
  const now = Date.now();
  for (const outcome of outcomes) {
    const uuid = randomUUID();
    const result = {
      uuid,
      historyId: outcome.ruleId,
      testCaseId: outcome.ruleId,
      name: outcome.ruleId,
      fullName: outcome.ruleId,
      status: 'broken',
      statusDetails: { message: outcome.message ?? 'the test worker died' },
      stage: 'finished',
      start: now,
      stop: now,
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
    writeFileSync(join(resultsDir, `${uuid}-result.json`), JSON.stringify(result));
  }
}

import { describe, expect, test } from 'vitest';
import { defaultRuleTestMs, hookBudgetMs, ruleTestBudgetMs } from '../../engine/request-budget.ts';
import { defaultClientSettings } from '../../targets/schema.ts';

/* Outside a run the budgets read the schema's default client settings (a 10 s request timeout, 3 unanswered). */
describe('the budgets around a suite file requests', () => {
  const { timeoutMs, unresponsiveAfter } = defaultClientSettings;

  test('a hook outlasts the requests it waits on: vitest never times it out before they time out', () => {
    expect(hookBudgetMs(0)).toBeGreaterThan(0);
    expect(hookBudgetMs(1)).toBeGreaterThan(timeoutMs);
    expect(hookBudgetMs(3)).toBeGreaterThan(3 * timeoutMs);
  });

  test('a rule test outlasts the unanswered requests that open the breaker, and keeps what its suite asked', () => {
    expect(ruleTestBudgetMs()).toBeGreaterThan((unresponsiveAfter + 1) * timeoutMs);
    expect(ruleTestBudgetMs()).toBeGreaterThanOrEqual(defaultRuleTestMs);
    expect(ruleTestBudgetMs(300_000)).toBe(300_000);
  });
});

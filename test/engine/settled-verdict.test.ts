import { expect, test } from 'vitest';
import { RuleBlocked } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { settledVerdict } from '../../engine/settled-verdict.ts';

test("a check's verdict settles as passed, failed by its rule, or blocked by the rules named; anything else is thrown", () => {
  expect(settledVerdict(() => ({ observations: { seen: 1 } }))).toEqual({
    status: 'passed',
    observations: { seen: 1 },
  });
  expect(
    settledVerdict(() => {
      throw new RuleViolation('billing.token.issue', 'answered 500', []);
    }),
  ).toEqual({ status: 'failed', ruleId: 'billing.token.issue', message: 'answered 500', evidence: [] });
  expect(
    settledVerdict(() => {
      throw new RuleBlocked(['billing.token.issue'], 'no token', []);
    }),
  ).toMatchObject({ status: 'blocked', blockedBy: ['billing.token.issue'] });
  expect(() =>
    settledVerdict(() => {
      throw new TypeError('the check itself broke');
    }),
  ).toThrow(TypeError);
});

import { expect } from 'vitest';
import type { Exchange } from '../../client/http-exchange.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';

/** What `run` threw, or undefined when it returned. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Runs a check that must fail: returns the RuleViolation after checking its rule and evidence. */
export function violationOf(run: () => unknown, ruleId: string, evidence?: readonly Exchange[]): RuleViolation {
  const thrown = thrownBy(run);
  expect(thrown, 'the check should have thrown a RuleViolation').toBeInstanceOf(RuleViolation);
  const violation = thrown as RuleViolation;
  expect(violation.ruleId).toBe(ruleId);
  expect(violation.code).toBe('RULE_VIOLATED');
  expect(violation.name).toContain('Assertion');
  if (evidence) expect(violation.evidence.map((e) => e.id)).toEqual(evidence.map((e) => e.id));
  return violation;
}

import { describe, expect, test } from 'vitest';
import { type Finding, isFinding } from '../../engine/finding.ts';
import { NotApplicableHere } from '../../engine/not-applicable-here.ts';
import { BrokenCheckError } from '../../engine/rule-test.ts';
import { PrerequisiteMissing, RuleBlocked } from '../../engine/rule-blocked.ts';
import { RuleOutOfTime } from '../../engine/rule-out-of-time.ts';
import { RuleViolation, Violation } from '../../engine/rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/*
 * What a check, a walk or a sequence throws is one type, Finding, whatever it found; the engine's resolution reads its
 * kind. Anything else thrown is no finding (the check or the harness is at fault).
 */

const rule = 'billing.token.issue' as RuleId;

describe('every finding is a Finding of its kind', () => {
  test.each<[string, Finding, Finding['kind']]>([
    ['a check found its property broken', new Violation('broken', []), 'breach'],
    ['the engine named the breach for its rule', new RuleViolation(rule, 'broken', []), 'breach'],
    ['a check could not read what other rules judge', new PrerequisiteMissing([rule], 'no token', []), 'missing'],
    ['the rule is blocked by the rules that judge it', new RuleBlocked([rule], 'no token'), 'missing'],
    [
      'the run stopped the rule (a request left unanswered)',
      new RuleBlocked([rule], 'unanswered', [], 'run'),
      'run-limit',
    ],
    ["the rule's share of the deadline ended", RuleOutOfTime.afterCases(3, 10), 'run-limit'],
    ['the target does not serve the operation', new NotApplicableHere('GET /x is not served'), 'not-applicable'],
  ])('%s', (_, finding, kind) => {
    expect(isFinding(finding)).toBe(true);
    expect(finding.kind).toBe(kind);
    expect(Array.isArray(finding.evidence)).toBe(true);
  });
});

test("a crash, the harness's own error or a thrown value is no finding", () => {
  for (const thrown of [
    new Error('crash'),
    new BrokenCheckError('broken check'),
    new TypeError('x'),
    'text',
    undefined,
  ])
    expect(isFinding(thrown)).toBe(false);
});

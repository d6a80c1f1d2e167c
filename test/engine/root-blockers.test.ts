import { expect, test } from 'vitest';
import { withRootBlockers } from '../../engine/root-blockers.ts';
import type { RuleSummary } from '../../reporting/run-summary.ts';

const rule = (ruleId: string, status: RuleSummary['status'], blockedBy?: string[]): RuleSummary => ({
  ruleId,
  family: 'cdr',
  status,
  section: '',
  tests: 1,
  message: `${ruleId} says why`,
  ...(blockedBy ? { blockedBy } : {}),
});

test('a rule blocked by a blocked rule names the rule that failed at the root, and the way it went', () => {
  const rules = withRootBlockers([
    rule('cdr.links.valid', 'failed'),
    rule('cdr.list.brand', 'blocked', ['cdr.links.valid']),
    rule('cdr.pagination.empty-result', 'blocked', ['cdr.list.brand']),
  ]);
  const empty = rules.find((candidate) => candidate.ruleId === 'cdr.pagination.empty-result');
  expect(empty?.blockedBy).toEqual(['cdr.links.valid']);
  expect(empty?.message).toBe('cdr.pagination.empty-result says why (via cdr.list.brand, itself blocked)');
  // A rule blocked by the root directly is left as it was.
  expect(rules.find((candidate) => candidate.ruleId === 'cdr.list.brand')?.blockedBy).toEqual(['cdr.links.valid']);
});

test('several blockers, a chain two deep and a cycle each end at rules that are not blocked', () => {
  const rules = withRootBlockers([
    rule('a', 'failed'),
    rule('b', 'broken'),
    rule('c', 'blocked', ['a']),
    rule('d', 'blocked', ['c', 'b']),
    rule('e', 'blocked', ['d']),
    rule('x', 'blocked', ['y']),
    rule('y', 'blocked', ['x']),
  ]);
  expect(rules.find((candidate) => candidate.ruleId === 'e')?.blockedBy).toEqual(['a', 'b']);
  // A cycle of blocked rules has no root that failed: each keeps naming the other.
  expect(rules.find((candidate) => candidate.ruleId === 'x')?.blockedBy).toEqual(['y']);
});

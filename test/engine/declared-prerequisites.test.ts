import { expect, test } from 'vitest';
import { settledBlock } from '../../engine/settled-verdict.ts';
import { undeclaredBlock, undeclaredBlockers } from '../../engine/declared-prerequisites.ts';

const rule = {
  id: 'cdr.list.brand',
  family: 'cdr',
  prerequisites: ['cdr.list.envelope'],
} as const;
const walkJudges = new Set(['cdr.pagination.walk-complete']);
const block = (by: string[], origin: 'prerequisite' | 'run' = 'prerequisite') =>
  settledBlock(by, 'no product list to filter', [], origin);

test('a block by a declared prerequisite or a walk-end judge is declared; any other rule is not', () => {
  expect(undeclaredBlockers(rule, block(['cdr.list.envelope']), walkJudges)).toEqual([]);
  expect(undeclaredBlockers(rule, block(['cdr.pagination.walk-complete']), walkJudges)).toEqual([]);
  expect(undeclaredBlockers(rule, block(['cdr.list.envelope', 'cdr.links.valid']), walkJudges)).toEqual([
    'cdr.links.valid',
  ]);
});

test('a block of the run (an unanswered request, no time left) names whoever met it and needs no declaration', () => {
  expect(undeclaredBlockers(rule, block(['cdr.links.valid'], 'run'), walkJudges)).toEqual([]);
});

test('a strict run makes an undeclared block a reason to break the rule, naming the table; a user run does not', () => {
  const why = undeclaredBlock(rule, block(['cdr.links.valid']), walkJudges, true);
  expect(why).toContain('blocked by cdr.links.valid');
  expect(why).toContain('rules/cdr/rules.ts');
  expect(undeclaredBlock(rule, block(['cdr.list.envelope']), walkJudges, true)).toBeUndefined();
  expect(undeclaredBlock(rule, undefined, walkJudges, true)).toBeUndefined();
  expect(
    undeclaredBlock(
      rule,
      { status: 'failed', ruleId: rule.id, message: 'a violation', evidence: [] },
      walkJudges,
      true,
    ),
  ).toBeUndefined();
  expect(undeclaredBlock(rule, block(['cdr.links.valid']), walkJudges, false)).toBeUndefined();
});

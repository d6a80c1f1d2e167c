import { describe, expect, test } from 'vitest';
import { RuleBlocked } from '../../../engine/rule-blocked.ts';
import { RuleViolation } from '../../../engine/rule-violation.ts';
import { judgedTogether } from '../../../suites/cards/support/judged-together.ts';

const blocked = () => Promise.reject(new RuleBlocked(['cards.card.fields'], 'GET card of c1 answered 500'));
const failed = () => Promise.reject(new RuleViolation('cards.card.amounts', 'c2 breaks the rule', []));

describe('judgedTogether', () => {
  test('every case passing gives every verdict, in order', async () => {
    expect(await judgedTogether([Promise.resolve(1), Promise.resolve(2)])).toEqual([1, 2]);
  });
  test('a failed case decides even where an earlier case was blocked: a block never hides a fault', async () => {
    await expect(judgedTogether([blocked(), Promise.resolve(1), failed()])).rejects.toBeInstanceOf(RuleViolation);
  });
  test('blocked only when no case failed', async () => {
    await expect(judgedTogether([Promise.resolve(1), blocked()])).rejects.toBeInstanceOf(RuleBlocked);
  });
});

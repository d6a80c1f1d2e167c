import { describe, expect, test } from 'vitest';
import { PrerequisiteMissing, type RuleBlocked } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { asRule } from '../../core/rule-in-progress.ts';
import { isBlocked, readOrBlock, resultOrBlock } from '../../engine/result-or-block.ts';

/*
 * resultOrBlock and readOrBlock resolve what a reading threw for the rule in progress, as the engine does: a missing
 * prerequisite other rules judge is a block, returned; one the rule in progress judges itself is its violation,
 * thrown; anything else is thrown as it is.
 */

const missing = () => {
  throw new PrerequisiteMissing(['cards.transactions.items'], 'no transactions page', []);
};

describe('resultOrBlock and readOrBlock', () => {
  test('what the reading gives is returned as it is', async () => {
    expect(await resultOrBlock(async () => 42)).toBe(42);
    expect(readOrBlock(() => 'page')).toBe('page');
  });
  test('a prerequisite other rules judge is a block by them, returned', async () => {
    const blocked = await asRule('cards.authorizations.most-recent', () => resultOrBlock(missing));
    expect(isBlocked(blocked)).toBe(true);
    expect((blocked as RuleBlocked).blockedBy).toEqual(['cards.transactions.items']);
    expect(isBlocked(asRule('cards.authorizations.most-recent', () => readOrBlock(missing)))).toBe(true);
  });
  test('one the rule in progress judges itself is its violation, thrown', async () => {
    await expect(asRule('cards.transactions.items', () => resultOrBlock(missing))).rejects.toBeInstanceOf(
      RuleViolation,
    );
  });
  test('any other error is thrown as it is', async () => {
    const crash = new TypeError('a harness bug');
    await expect(
      asRule('cards.authorizations.most-recent', () =>
        resultOrBlock(() => {
          throw crash;
        }),
      ),
    ).rejects.toBe(crash);
  });
});

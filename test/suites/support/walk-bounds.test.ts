import { describe, expect, test } from 'vitest';
import { WalkBudget } from '../../../suites/support/walk-budget.ts';
import { signPages, WalkSigns } from '../../../suites/support/walk-signs.ts';

const bounds = { maxWalkPages: 2000, maxWalkRequests: 2500, maxWalkSeconds: 45, maxWalkBytes: 64 * 1024 * 1024 };
/** An exchange whose answer holds `bytes` bytes (decoded). */
const answered = (bytes: number) => ({ response: { body: Buffer.alloc(bytes) } }) as never;

describe('WalkBudget: a walk stops at the first bound it reaches, and says which', () => {
  test('pages', () => {
    const budget = new WalkBudget({ ...bounds, maxWalkPages: 3 }, undefined);
    expect(budget.exhausted(2)).toBeUndefined();
    expect(budget.exhausted(3)).toMatch(/^stopped by maxWalkPages \(3\): 3 pages read in /);
  });
  test('requests, counting the exchanges of another route too', () => {
    const budget = new WalkBudget({ ...bounds, maxWalkRequests: 4 }, undefined);
    budget.spend();
    budget.spend([{}, {}] as never);
    expect(budget.requestsLeft).toBe(1);
    expect(budget.exhausted(1)).toBeUndefined();
    budget.spend();
    expect(budget.exhausted(1)).toMatch(/^stopped by maxWalkRequests \(4, 4 requests\)/);
  });
  test('bytes of pages held: large pages under the body cap cannot make a walk hold gigabytes', () => {
    const budget = new WalkBudget({ ...bounds, maxWalkBytes: 3000 }, undefined);
    budget.spend(answered(2000));
    expect(budget.exhausted(1)).toBeUndefined();
    budget.spend(answered(1000));
    expect(budget.exhausted(2)).toMatch(/^stopped by maxWalkBytes \(3000, 3000 bytes of pages held\): 2 pages read/);
  });
  test("time: the walk's own bound, or its share of a run deadline that falls sooner", () => {
    expect(new WalkBudget({ ...bounds, maxWalkSeconds: 0.000_001 }, undefined).exhausted(1)).toMatch(
      /^stopped by maxWalkSeconds \(0\.000001 s\): 1 pages read in [\d.]+ s; pages took [\d.]+ s each$/,
    );
    // A deadline already past leaves the walk no time: it stops before its next request, naming the deadline.
    expect(new WalkBudget(bounds, Date.now() - 1000).exhausted(1)).toMatch(
      /^stopped by its share of the run's deadline \(0\.0 s\)/,
    );
    expect(new WalkBudget(bounds, Date.now() + 3_600_000).exhausted(1)).toBeUndefined();
  });
});

describe('WalkSigns: what tells early that a walk cannot end', () => {
  test('the records of an earlier page again, whatever URL or token reached them; empty pages match none', () => {
    const signs = new WalkSigns();
    expect(signs.samePageAs(['a', 'b'], 1)).toBeUndefined();
    expect(signs.samePageAs(['c', 'd'], 2)).toBeUndefined();
    expect(signs.samePageAs([], 3)).toBeUndefined();
    expect(signs.samePageAs([], 4)).toBeUndefined();
    expect(signs.samePageAs(['a', 'b'], 5)).toBe(1);
  });
  test(`${signPages} empty pages in a row, not fewer`, () => {
    const signs = new WalkSigns();
    const stops = [true, true, false, true, true, true].map((empty) => (signs.emptyInARow(empty) ? 'stop' : '-'));
    expect(stops.join(' ')).toBe('- - - - - stop');
  });
  test(`a total that grew on ${signPages} pages in a row; one that stays or is absent resets`, () => {
    const signs = new WalkSigns();
    const stops = [5, 6, 6, 7, 8, undefined, 9, 10, 11, 12].map((total) => (signs.totalGrowing(total) ? 'stop' : '-'));
    expect(stops.join(' ')).toBe('- - - - - - - - stop stop');
  });
});

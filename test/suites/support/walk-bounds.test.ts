import { describe, expect, test } from 'vitest';
import { LazyResponse } from '../../../client/http-exchange.ts';
import { RuleOutOfTime } from '../../../engine/rule-out-of-time.ts';
import { keptPageBytes, startFileWalks, WalkBudget } from '../../../suites/support/walk-budget.ts';
import { signPages, WalkSigns } from '../../../suites/support/walk-signs.ts';

const bounds = { maxWalkPages: 2000, maxWalkRequests: 2500, maxWalkSeconds: 45, maxWalkBytes: 64 * 1024 * 1024 };
/** An exchange whose answer holds `bytes` bytes (decoded). */
const answered = (bytes: number) =>
  ({ response: new LazyResponse(200, {}, Buffer.from(JSON.stringify({ data: 'd'.repeat(bytes - 11) }))) }) as never;

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
  test('bytes of pages held by the walks of a suite file together: large pages under the body cap cannot add up', () => {
    startFileWalks();
    const budget = new WalkBudget({ ...bounds, maxWalkBytes: 300_000 }, undefined);
    budget.spend(answered(200_000));
    expect(budget.exhausted(1)).toBeUndefined();
    // Another walk of the same file counts against the same bound.
    const other = new WalkBudget({ ...bounds, maxWalkBytes: 300_000 }, undefined);
    const page = answered(100_000) as { response: LazyResponse };
    other.spend(page as never);
    expect(other.exhausted(1)).toMatch(
      /^stopped by maxWalkBytes \(300000, 300000 bytes of pages held by the walks of this suite file\): 1 pages read/,
    );
    expect(budget.exhausted(1)).toMatch(/^stopped by maxWalkBytes/);
    // The page is held parsed, its bytes let go past the first ones.
    expect(page.response.body.length).toBe(keptPageBytes);
    expect(page.response.letGo?.bodyBytes).toBe(100_000);
    // The next suite file of the worker starts with none held.
    expect(startFileWalks()).toBe(300_000);
    expect(new WalkBudget({ ...bounds, maxWalkBytes: 300_000 }, undefined).exhausted(0)).toBeUndefined();
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
  test("the run's deadline over a target that answers slowly: the target's slowness, not a walk that cannot end", () => {
    const slow = new WalkBudget(bounds, Date.now() - 1000);
    slow.spend({ durationMs: 1500 } as never);
    expect(() => slow.exhausted(1)).toThrow(RuleOutOfTime);
    // The entry's own maxWalkSeconds is a bound the user set: the walk stops there, whatever the pace.
    const bounded = new WalkBudget({ ...bounds, maxWalkSeconds: 0.000_001 }, undefined);
    bounded.spend({ durationMs: 1500 } as never);
    expect(bounded.exhausted(1)).toMatch(/^stopped by maxWalkSeconds/);
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

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RuleViolation } from '../../checks/rule-violation.ts';
import { asRule, noteAnswerTime, slowAnswerMs } from '../../core/rule-in-progress.ts';
import { forAll } from '../../suites/support/for-all.ts';
import { RuleOutOfTime } from '../../suites/support/rule-out-of-time.ts';

const numbers = { boundaries: [0, 1000], arbitrary: fc.integer({ min: 0, max: 10_000 }) };

describe('forAll, the concurrent property engine', () => {
  test('tries every boundary case first, then exactly `runs` seeded random cases', async () => {
    const seen: number[] = [];
    const count = await forAll(numbers, { seed: 9, runs: 25, concurrency: 4 }, async (value) => void seen.push(value));
    expect(count).toBe(27);
    expect(seen.slice(0, 2).sort()).toEqual([0, 1000]);
    expect(seen.slice(2).sort()).toEqual(fc.sample(numbers.arbitrary, { seed: 9, numRuns: 25 }).sort());
  });

  test('the same seed gives the same cases', async () => {
    const run = async () => {
      const seen: number[] = [];
      await forAll(numbers, { seed: 4, runs: 30, concurrency: 1 }, async (value) => void seen.push(value));
      return seen;
    };
    expect(await run()).toEqual(await run());
  });

  test('a violation on a random case is shrunk and carries seed, path and counterexample', async () => {
    const error = await forAll(numbers, { seed: 21, runs: 200, concurrency: 8 }, async (value) => {
      if (value > 5000) throw new RuleViolation('demo.rule', `too big: ${value}`, []);
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RuleViolation);
    const violation = error as RuleViolation;
    expect(violation.replay?.seed).toBe(21);
    expect(violation.replay?.counterexample).toBe(5001);
    // The path replays to the shrunk value with fast-check itself.
    const replayed = fc.check(
      fc.property(numbers.arbitrary, (value) => value <= 5000),
      { seed: 21, path: violation.replay?.path ?? '' },
    );
    expect(replayed.counterexample?.[0]).toBe(5001);
  });

  test('a violation on a boundary case names the boundary and stops before the random cases', async () => {
    let randomCases = 0;
    const error = await forAll(numbers, { seed: 1, runs: 50, concurrency: 1 }, async (value) => {
      if (value === 1000) throw new RuleViolation('demo.rule', 'boundary', []);
      if (value !== 0) randomCases++;
    }).catch((caught: unknown) => caught);
    expect((error as RuleViolation).replay).toMatchObject({ seed: 1, path: 'boundary 1', counterexample: 1000 });
    expect(randomCases).toBe(0);
  });

  test('an error that is not a violation (a crashing check) is rethrown as it is', async () => {
    const crash = new TypeError('check crashed');
    await expect(
      forAll(numbers, { seed: 2, runs: 10, concurrency: 2 }, async (value) => {
        if (value > 0 && value < 1000) throw crash;
      }),
    ).rejects.toBe(crash);
  });

  test('past the end of its share of the deadline, a rule whose target answers slowly starts no more cases', async () => {
    const seen: number[] = [];
    const stopped = await asRule(
      'demo.rule',
      () =>
        forAll(numbers, { seed: 3, runs: 50, concurrency: 2 }, async (value) => {
          seen.push(value);
          noteAnswerTime(slowAnswerMs * 2);
        }),
      Date.now() - 1,
    ).catch((caught: unknown) => caught);
    expect(stopped).toBeInstanceOf(RuleOutOfTime);
    const { done, answers } = stopped as RuleOutOfTime;
    // The first case was judged (before it, no answer said the target was slow), then none was started.
    expect([done, seen.length]).toEqual(['1 of 52 cases judged, all of them passing', 1]);
    expect(answers).toEqual({ count: 1, totalMs: slowAnswerMs * 2 });
  });

  test('a fast target is never cut short, whatever its share', async () => {
    const count = await asRule(
      'demo.rule',
      () =>
        forAll(numbers, { seed: 3, runs: 50, concurrency: 2 }, async () => {
          noteAnswerTime(5);
        }),
      Date.now() - 1,
    );
    expect(count).toBe(52);
  });
});

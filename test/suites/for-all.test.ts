import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { asRule, noteAnswerTime, slowAnswerMs } from '../../core/rule-in-progress.ts';
import { forAll } from '../../suites/support/for-all.ts';
import { RuleOutOfTime } from '../../engine/rule-out-of-time.ts';
import { tempFolder } from '../support/temp-folders.ts';

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

describe('forAll keeps a shrunk failing input until it passes', () => {
  const kept = () => ({ dir: tempFolder('harness-kept-inputs-'), target: 'service' });
  const failsAbove = (limit: number) => async (value: number) => {
    if (value > limit) throw new RuleViolation('demo.rule', `too big: ${value}`, []);
  };
  const inRule = <T>(work: () => Promise<T>, observations: Record<string, unknown> = {}) =>
    asRule('demo.rule', work, undefined, (key, value) => {
      observations[key] = value;
    });

  test('kept when found, tried first by the next run (another seed) while it fails, and let go once it passes', async () => {
    const place = kept();
    const found = (await inRule(() =>
      forAll(numbers, { seed: 21, runs: 200, concurrency: 4, kept: place }, failsAbove(5000)),
    ).catch((caught: unknown) => caught)) as RuleViolation;
    expect(found.message).toContain('every later run against this target tries it first');
    const file = join(place.dir, 'service', 'demo.rule.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ kind: 'input', property: 0, seed: 21 });

    // A seed whose random cases would all pass: only the kept input, tried first, finds the fault again.
    const tried: number[] = [];
    const again = (await inRule(() =>
      forAll(numbers, { seed: 5, runs: 0, concurrency: 1, kept: place }, async (value) => {
        tried.push(value);
        await failsAbove(5000)(value);
      }),
    ).catch((caught: unknown) => caught)) as RuleViolation;
    expect(tried[0]).toBe(5001);
    expect(again.message).toContain('tried first: it still fails');
    expect(existsSync(file)).toBe(true);

    const observations: Record<string, unknown> = {};
    await inRule(
      () => forAll(numbers, { seed: 5, runs: 10, concurrency: 1, kept: place }, failsAbove(20_000)),
      observations,
    );
    expect(existsSync(file)).toBe(false);
    expect(String(observations['kept counterexample'])).toMatch(/was tried first and passed: it left /);
  });

  test("only the property that drew it replays it: the rule's other properties run as before", async () => {
    const place = kept();
    await inRule(async () => {
      await forAll(numbers, { seed: 1, runs: 5, concurrency: 1, kept: place }, async () => {});
      await forAll(numbers, { seed: 21, runs: 200, concurrency: 1, kept: place }, failsAbove(5000));
    }).catch(() => undefined);
    const file = join(place.dir, 'service', 'demo.rule.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ property: 1 });
    const first: number[] = [];
    await inRule(async () => {
      await forAll(numbers, { seed: 1, runs: 0, concurrency: 1, kept: place }, async (value) => void first.push(value));
      await forAll(numbers, { seed: 1, runs: 0, concurrency: 1, kept: place }, failsAbove(5000));
    }).catch(() => undefined);
    expect(first).toEqual([0, 1000]);
    expect(existsSync(file)).toBe(true);
  });
});

import { describe, expect, test } from 'vitest';
import { slowCdrHolder } from '../support/hostile-walkers.ts';
import { expectBoundedVerdict, failedWith, run, walkersClosedAfterAll } from '../support/hostile-walk-runs.ts';

/*
 * A correct cdr holder too slow for the run's deadline still gets a verdict before it (issue 30), through the real
 * CLI. Whether the slowness is judged before the deadline depends on how long the harness's own steps take between
 * the holder's answers, so this runs in the timed tail (vitest.config.ts), not beside the heaviest files: on a
 * machine kept busy by them, the run reached its deadline with rules not run.
 */

const started = walkersClosedAfterAll();

describe('a slow target and the run deadline', () => {
  test('a correct cdr holder answering every request 1.5 s late, a deadline of 35 s: a verdict before it, the slowness failing one rule', {
    timeout: 120_000,
  }, async () => {
    const cdr = await started(slowCdrHolder(1500));
    // The holder shares this worker's event loop with the other hostile targets, whose pages of megabytes can hold
    // an answer back seconds more on a busy machine: a client timeout far above 1.5 s keeps the slowness the only
    // finding (a timed-out answer would fail its rule for the test's machine, not for the target).
    const rules = expectBoundedVerdict(
      await run({ cdr }, 'a correct cdr holder 1.5 s late (deadline 35 s)', 35, 20_000),
    );
    const failed = rules.filter((rule) => rule.status === 'failed');
    const messages = JSON.stringify(failed);
    // The slowness is the run's one finding: the first rule its share of the deadline stopped fails with it, and
    // the rules after it are blocked by it (nothing is left not run); a walk stopped by its own share says so.
    expect(
      failedWith(
        rules,
        /answered too slowly to be judged before the run's deadline: the target took \d+\.\d s per answer/,
      ),
      messages,
    ).toHaveLength(1);
    for (const rule of failed)
      expect(rule.message, messages).toMatch(/answered too slowly|share of the run's deadline|maxWalkSeconds/);
    expect(
      rules.filter((rule) => rule.status === 'blocked' && /answered too slowly/.test(rule.message ?? '')).length,
    ).toBeGreaterThan(0);
  });
});

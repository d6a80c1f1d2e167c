import { afterEach, describe, expect, test } from 'vitest';
import type { RuleId } from '../../rules/rule-id.ts';
import { RuleOutOfTime } from '../../engine/rule-out-of-time.ts';
import { noTimeLeft, ruleShare, slowTargetVerdict } from '../../engine/slow-target.ts';
import { type RunBroker, startRunBroker } from '../suites/support/run-broker.ts';

/*
 * A target too slow for the run's deadline: each rule asks the run for its share of the time left; the first rule
 * stopped at the end of its share fails with the target's slowness, every later one is blocked by it, and a rule that
 * starts with no time left is blocked before it sends anything. Judged on a real broker, with made-up rules.
 */

let run: RunBroker | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

/** A rule stopped with `count` answers that took `totalMs` in all. */
function stoppedAfter(count: number, totalMs: number): RuleOutOfTime {
  const stopped = RuleOutOfTime.afterCases(3, 100);
  Object.assign(stopped.answers, { count, totalMs });
  return stopped;
}

describe('a rule share of the deadline', () => {
  test('a run without a deadline gives no share, so no rule is ever cut short', async () => {
    run = await startRunBroker(['shortener']);
    expect(await ruleShare(run.context)).toEqual({});
  });

  test('a run with a deadline gives a share that ends before it; no rule found the target slow yet', async () => {
    run = await startRunBroker(['shortener'], { deadlineInMs: 60_000, plannedRules: 4 });
    const share = await ruleShare(run.context);
    expect(share.endsAt).toBeLessThan(run.context.deadlineAt as number);
    expect(share.slowJudgedBy).toBeUndefined();
    expect(noTimeLeft(share)).toBeUndefined();
  });

  test('a broker that is gone gives no share (a run winding down), not an error', async () => {
    run = await startRunBroker(['shortener'], { deadlineInMs: 60_000 });
    await run.close();
    expect(await ruleShare(run.context)).toEqual({});
  });
});

describe('the verdict of a rule stopped at the end of its share', () => {
  test('the first such rule fails with what it saw; a later one is blocked by it, with the same words', async () => {
    run = await startRunBroker(['cdr'], { deadlineInMs: 60_000 });
    const first = await slowTargetVerdict(run.context, 'cdr.list.envelope' as RuleId, stoppedAfter(4, 6000));
    expect(first).toMatchObject({ status: 'failed', ruleId: 'cdr.list.envelope' });
    expect(first.message).toBe(
      "The target answered too slowly to be judged before the run's deadline: the target took 1.5 s per answer (4 answers in 6.0 s); the rule's share of the run's deadline ended with 3 of 100 cases judged, all of them passing",
    );
    const later = await slowTargetVerdict(run.context, 'cdr.links.valid' as RuleId, stoppedAfter(2, 3000));
    expect(later).toMatchObject({ status: 'blocked', blockedBy: ['cdr.list.envelope'], origin: 'run' });
    expect(later.status === 'blocked' && later.missing).toMatch(
      /^the target answered too slowly for the run's deadline: /,
    );
  });

  test('a rule that starts with its share already over, once the slowness was judged, is blocked by that rule', async () => {
    run = await startRunBroker(['cdr'], { deadlineInMs: 1000, plannedRules: 50 });
    await slowTargetVerdict(run.context, 'cdr.list.envelope' as RuleId, stoppedAfter(1, 2000));
    // A deadline 1 s away with 50 rules planned leaves nothing: the share ends now.
    const share = await ruleShare(run.context);
    expect(share.slowJudgedBy).toBe('cdr.list.envelope');
    const blocked = noTimeLeft({ ...share, endsAt: Date.now() - 1 });
    expect(blocked?.blockedBy).toEqual(['cdr.list.envelope']);
    expect(blocked?.missing).toMatch(/no time was left for this rule, and nothing was sent$/);
    // With time left the rule runs, although the slowness was judged.
    expect(noTimeLeft({ ...share, endsAt: Date.now() + 60_000 })).toBeUndefined();
  });
});

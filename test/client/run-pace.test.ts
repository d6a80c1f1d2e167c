import { describe, expect, test } from 'vitest';
import { RunPace } from '../../client/run-pace.ts';

describe("RunPace: each rule's share of the run's deadline", () => {
  test('the time to the deadline less the wind-down and what the rules still to come need, over the workers', () => {
    const now = 1_000_000;
    const pace = new RunPace(41, now + 100_000);
    pace.workers = 2;
    // 40 others at 0.5 s each over 2 workers, and 10 s of wind-down.
    expect(pace.shareAt(now)).toEqual({ endsAt: now + 100_000 - 10_000 - 10_000 });
    for (let rule = 0; rule < 20; rule++) pace.ruleEnded(`demo.rule-${rule}`);
    expect(pace.shareAt(now)).toEqual({ endsAt: now + 100_000 - 10_000 - 5_000 });
    // A share never ends before the rule starts; without a deadline there is none.
    expect(new RunPace(1000, now + 5_000).shareAt(now)).toEqual({ endsAt: now });
    expect(new RunPace(10, undefined).shareAt(now)).toEqual({});
  });

  test("the first rule that finds the target too slow is the run's; every later share names it", async () => {
    const pace = new RunPace(3, Date.now() + 60_000);
    expect(await pace.methods.claimSlowness?.({ ruleId: 'demo.first' })).toBe('demo.first');
    expect(await pace.methods.claimSlowness?.({ ruleId: 'demo.second' })).toBe('demo.first');
    expect(await pace.methods.ruleShare?.({})).toMatchObject({ slowJudgedBy: 'demo.first' });
  });
});

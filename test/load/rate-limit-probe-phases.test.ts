import { describe, expect, test } from 'vitest';
import type { ProbeStep } from '../../checks/rate-limit-finding.ts';
import { boundsOf, doubling, narrowing } from '../../load/rate-limit-probe-phases.ts';
import type { RatePlan } from '../../load/rate-limit-probe-session.ts';

/** Follows a plan against a target limited above `limit` requests per second: the rates offered and why it ended. */
function follow(plan: RatePlan, limit: number, phase: ProbeStep['phase'] = 'step') {
  const steps: ProbeStep[] = [];
  let next = plan.next();
  while (!next.done) {
    const rate = next.value;
    const step = { rate, phase, statuses: {}, acceptedPerSecond: Math.min(rate, limit), limited: rate > limit };
    steps.push(step);
    next = plan.next(step);
  }
  return { rates: steps.map((step) => step.rate), ended: next.value, steps };
}

const settings = {
  startRate: 20,
  maxRate: 400,
  stepSeconds: 1,
  recoverySeconds: 1,
  maxRequests: 5000,
  maxSeconds: 40,
  concurrency: 8,
};

describe('the rate-limit probe phases, as rate plans', () => {
  test('stepping doubles until a step is limited', () => {
    expect(follow(doubling(settings), 50)).toMatchObject({ rates: [20, 40, 80], ended: undefined });
  });

  test('stepping stops at maxRate, saying so, when no step is limited', () => {
    expect(follow(doubling(settings), 1000)).toMatchObject({ rates: [20, 40, 80, 160, 320, 400], ended: 'max-rate' });
  });

  test('narrowing tries the estimate, then a stride above the clean rate, until within tolerance', () => {
    const narrowed = follow(narrowing({ clean: 40, high: 80 }, 50, 0.05), 50, 'narrow');
    expect(narrowed).toMatchObject({ rates: [50, 53], ended: undefined });
    expect(boundsOf(narrowed.steps)).toEqual({ clean: 50, high: 53 });
  });

  test('the bounds are read from stepping and narrowing, not from saturating', () => {
    const stepped = follow(doubling(settings), 50).steps;
    const saturate: ProbeStep = { rate: 400, phase: 'saturate', statuses: {}, acceptedPerSecond: 50, limited: true };
    expect(boundsOf([...stepped, saturate])).toEqual({ clean: 40, high: 80 });
  });
});

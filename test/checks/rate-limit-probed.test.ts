import { judged } from './judged.ts';
import { describe, expect, test } from 'vitest';
import { rateLimitProbed } from '../../checks/rate-limit-probed.ts';
import type { ProbeStep, RateLimitFinding } from '../../checks/rate-limit-finding.ts';
import { exchange, failedExchange } from './exchanges.ts';
import { violationOf } from './violation.ts';

const rule = 'test.rule';
const step = (rate: number, limited: boolean): ProbeStep => ({
  rate,
  phase: 'step',
  statuses: limited ? { '200': 30, '429': rate - 30 } : { '200': rate },
  acceptedPerSecond: limited ? 30 : rate,
  limited,
});
const limited429 = exchange({ status: 429, headers: { 'retry-after': '1' }, body: '{"error":"rate_limited"}' });
const finding = (overrides: Partial<RateLimitFinding> = {}): RateLimitFinding => ({
  operation: 'token-rate-limit',
  steps: [step(20, false), step(40, true)],
  limited: true,
  limit: 30,
  acceptedWhileLimited: 30,
  firstLimitedRate: 40,
  unlimitedLabels: [],
  stepSeconds: 1,
  limitedExchange: limited429,
  recovery: { waitedSeconds: 1, exchange: exchange({ status: 200, body: '{}' }) },
  requests: 60,
  seconds: 5,
  violations: [],
  violationExchanges: [],
  ...overrides,
});

describe('rate-limit-probed', () => {
  test('a limit met where no limited answer was kept whole: a failure shows the last answer a step counted', () => {
    const last = failedExchange('BODY_INCOMPLETE');
    const cut = finding({
      limitedExchange: undefined,
      recovery: undefined,
      unlimitedLabels: ['with-query'],
      lastAnswer: last,
    });
    violationOf(() => judged(rateLimitProbed, rule)(cut), rule, [last]);
  });
  test('429s, on every path, and recovery pass; the limit and the 429 are reported', () => {
    const verdict = judged(rateLimitProbed, rule)(finding());
    expect(verdict.observations).toMatchObject({
      limitPerSecond: 30,
      lowestLimitedRate: 40,
      retryAfter: '1',
      body429: '{"error":"rate_limited"}',
      steps: '20/s clean, 40/s limited',
    });
  });
  test('no 429 up to the highest rate is a violation', () => {
    const none = finding({
      limited: false,
      steps: [step(20, false), step(40, false)],
      limitedExchange: undefined,
      recovery: undefined,
    });
    expect(violationOf(() => judged(rateLimitProbed, rule)(none), rule, []).message).toContain(
      'up to 40 per second never met a 429',
    );
  });
  test('no 429 where the steps reached well below the rates offered: the violation says the rate reached', () => {
    const slow = (rate: number): ProbeStep => ({ ...step(rate, false), reachedPerSecond: Math.min(rate, 80) });
    const none = finding({
      limited: false,
      steps: [slow(40), slow(80), slow(160), slow(320), slow(400)],
      limitedExchange: undefined,
      recovery: undefined,
    });
    expect(violationOf(() => judged(rateLimitProbed, rule)(none), rule, []).message).toContain(
      "up to 400 per second never met a 429 (at most 80 per second reached: the answers took longer than each step's 1 s)",
    );
    // Reached near the highest rate: nothing more is said.
    const near = finding({ ...none, steps: [step(200, false), { ...step(400, false), reachedPerSecond: 370 }] });
    expect(violationOf(() => judged(rateLimitProbed, rule)(near), rule, []).message).toMatch(/never met a 429$/);
  });
  test('a step that reached less than its rate is reported with the rate it reached', () => {
    const verdict = judged(
      rateLimitProbed,
      rule,
    )(finding({ steps: [{ ...step(20, false), reachedPerSecond: 17.6 }, step(40, true)] }));
    expect(verdict.observations?.steps).toBe('20/s clean (17/s reached), 40/s limited');
  });
  test('a limit never met shows an answer of the last step as evidence when no recovery was sent', () => {
    const lastAnswer = exchange({ status: 200, body: '{}' });
    const none = finding({
      limited: false,
      steps: [step(20, false), step(40, false)],
      limitedExchange: undefined,
      recovery: undefined,
      lastAnswer,
    });
    const violation = violationOf(() => judged(rateLimitProbed, rule)(none), rule, [lastAnswer]);
    expect(violation.message).toContain('never met a 429');
  });
  test('a path the limit does not hold on is a violation', () => {
    expect(
      violationOf(
        () => judged(rateLimitProbed, rule)(finding({ unlimitedLabels: ['token, path with a query'] })),
        rule,
        [limited429],
      ).message,
    ).toContain('"token, path with a query" never met a 429');
  });
  test('a pinned limit: at most, or within 10 percent', () => {
    expect(judged(rateLimitProbed, rule)(finding(), { limitAtMost: 30, limit: 33 }).ruleId).toBe(rule);
    expect(
      violationOf(() => judged(rateLimitProbed, rule)(finding(), { limitAtMost: 29 }), rule, [limited429]).message,
    ).toContain('at most 29');
    expect(
      violationOf(() => judged(rateLimitProbed, rule)(finding(), { limit: 34 }), rule, [limited429]).message,
    ).toContain('pins 34');
  });
  test('no recovery after backing off is a violation on the recovery request', () => {
    const still429 = exchange({ status: 429 });
    violationOf(
      () => judged(rateLimitProbed, rule)(finding({ recovery: { waitedSeconds: 1, exchange: still429 } })),
      rule,
      [still429],
    );
    const dead = failedExchange('TIMEOUT');
    expect(
      violationOf(
        () => judged(rateLimitProbed, rule)(finding({ recovery: { waitedSeconds: 1, exchange: dead } })),
        rule,
        [dead],
      ).message,
    ).toContain('TIMEOUT');
  });
});

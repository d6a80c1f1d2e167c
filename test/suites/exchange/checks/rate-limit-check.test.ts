import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { exchangeRateLimited, rateLimitPairingBroken } from '../../../../suites/exchange/checks/rate-limit.ts';
import type { RateLimitFinding } from '../../../../checks/rate-limit-finding.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const limited = jsonExchange(429, { code: '50000', msg: 'Rate limit reached', data: [] }, { 'retry-after': '1' });
const finding = (overrides: Partial<RateLimitFinding> = {}): RateLimitFinding => ({
  operation: 'exchange-rate-limit',
  steps: [
    { rate: 100, phase: 'step', statuses: { '200': 100 }, acceptedPerSecond: 100, limited: false },
    { rate: 200, phase: 'step', statuses: { '200': 150, '429': 50 }, acceptedPerSecond: 150, limited: true },
  ],
  limited: true,
  limit: 150,
  unlimitedLabels: [],
  stepSeconds: 1,
  recovery: { waitedSeconds: 1, exchange: jsonExchange(200, { code: '0', msg: '', data: [] }) },
  requests: 300,
  seconds: 6,
  violations: [],
  violationExchanges: [],
  ...overrides,
});

describe('exchange-rate-limited', () => {
  test('a probe that met the limit with a clean envelope passes and reports the limit', () => {
    expect(judged(exchangeRateLimited, rule)(finding()).observations?.limitPerSecond).toBe(150);
  });
  test('an answer under load that broke the 429/50011 pairing fails, with that answer as evidence', () => {
    const breach = {
      ruleId: rule,
      message: 'a rate-limited answer has HTTP 429 and code "50000"',
      count: 50,
      sample: { label: 'batch order', status: 429, headers: {}, body: '' },
    };
    const violation = violationOf(
      () => judged(exchangeRateLimited, rule)(finding({ violations: [breach], violationExchanges: [limited] })),
      rule,
      [limited],
    );
    expect(violation.message).toContain('50 answer(s) under load');
  });
  test('an envelope rule broken under load is reported, not failed here: the envelope rules judge it (one fault, one failed rule)', () => {
    const breach = {
      ruleId: 'exchange.envelope.msg',
      message: 'msg is "ok" with code "0"',
      count: 7,
      sample: { label: 'batch order', status: 200, headers: {}, body: '' },
    };
    const verdict = judged(exchangeRateLimited, rule)(finding({ violations: [breach], violationExchanges: [limited] }));
    expect(verdict.observations?.['envelope under load (judged by the envelope rules)']).toContain(
      '7 answer(s) under rule exchange.envelope.msg',
    );
  });
  test('no limit met fails like any rate-limit probe', () => {
    violationOf(() => judged(exchangeRateLimited, rule)(finding({ limited: false })), rule);
  });
});

describe('the 429/50011 pairing of one answer under the probe', () => {
  test('HTTP 429 with 50011 and a success with code "0" keep it; either half alone breaks it, saying which', () => {
    expect(rateLimitPairingBroken(jsonExchange(429, { code: '50011', msg: 'Too Many Requests', data: [] }))).toBe(
      undefined,
    );
    expect(rateLimitPairingBroken(jsonExchange(200, { code: '0', msg: '', data: [] }))).toBe(undefined);
    expect(rateLimitPairingBroken(limited)).toContain('HTTP 429 and code "50000"');
    expect(rateLimitPairingBroken(jsonExchange(200, { code: '50011', msg: 'Too Many Requests', data: [] }))).toContain(
      'HTTP 200 and code "50011"',
    );
  });
});

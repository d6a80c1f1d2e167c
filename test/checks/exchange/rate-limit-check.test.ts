import { describe, expect, test } from 'vitest';
import { exchangeRateLimited } from '../../../checks/exchange/rate-limit.ts';
import { jsonExchange } from '../exchanges.ts';
import { violationOf } from '../violation.ts';

const rule = 'test.rule';
const ok = () => jsonExchange(200, { code: '0', msg: '', data: [{ sCode: '0', sMsg: '', clOrdId: 'a', ordId: '1' }] });
const limited = (status = 429, code: unknown = '50011') => jsonExchange(status, { code, msg: 'Rate limit reached', data: [] }, { 'retry-after': '1' });

describe('exchange-rate-limited', () => {
  test('a burst that meets 429 with 50011 passes and reports where', () => {
    expect(exchangeRateLimited([ok(), ok(), limited()], rule).observations).toEqual({ requestsBeforeFirstLimit: 2, retryAfter: '1' });
  });
  test('no limit met, 429 with another code, 50011 without 429, a pinned limit exceeded', () => {
    violationOf(() => exchangeRateLimited([ok(), ok()], rule), rule);
    violationOf(() => exchangeRateLimited([ok(), limited(429, '50000')], rule), rule);
    violationOf(() => exchangeRateLimited([ok(), limited(200, '50011')], rule), rule);
    violationOf(() => exchangeRateLimited([ok(), limited(429, 50011)], rule), rule);
    violationOf(() => exchangeRateLimited([ok(), ok(), ok(), limited()], rule, { limitAtMost: 2 }), rule);
  });
});

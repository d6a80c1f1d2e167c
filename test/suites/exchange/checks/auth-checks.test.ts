import { judged } from '../../../checks/judged.ts';
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { refusedWithCode, timestampWindow } from '../../../../suites/exchange/checks/auth.ts';
import { preHash, signingTimestamp } from '../../../../suites/exchange/client/signing.ts';
import { pathWithQuery, signature } from '../../../../client/hmac.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const refusal = (code: string, status = 401) => jsonExchange(status, { code, msg: 'refused', data: [] });
const accepted = () =>
  jsonExchange(200, { code: '0', msg: '', data: [{ sCode: '0', sMsg: '', clOrdId: 'a', ordId: '1' }] });

describe('signing', () => {
  test('pre-hash is timestamp + method + path with query + raw body; HMAC-SHA256 base64', () => {
    const timestamp = signingTimestamp(Date.UTC(2026, 10, 22, 20, 0, 0, 7));
    expect(timestamp).toBe('2026-11-22T20:00:00.007Z');
    const path = pathWithQuery('http://h:1/exchange/api/v5/trade/batch-orders?a=1');
    expect(path).toBe('/exchange/api/v5/trade/batch-orders?a=1');
    const hash = preHash(timestamp, 'POST', path, '[{"x":1}]');
    expect(hash.toString()).toBe('2026-11-22T20:00:00.007ZPOST/exchange/api/v5/trade/batch-orders?a=1[{"x":1}]');
    expect(signature('s3cret', hash)).toBe(createHmac('sha256', 's3cret').update(hash).digest('base64'));
    expect(signature('s3cret', preHash(timestamp, 'post', path, '[{"x":1}]'))).not.toBe(signature('s3cret', hash));
  });
});

describe('refused-with-code', () => {
  test('the expected code passes whatever the HTTP status, which is observed', () => {
    expect(judged(refusedWithCode, rule)(refusal('50113', 400), { code: '50113', why: 'x' }).observations).toEqual({
      'HTTP status': 400,
      code: '50113',
    });
    expect(judged(refusedWithCode, rule)(refusal('50111', 200), { code: '50111', why: 'x' }).ruleId).toBe(rule);
  });
  test('where the document is silent, any code the entry lists passes and the one met is observed', () => {
    expect(
      judged(refusedWithCode, rule)(refusal('50106', 401), { code: ['50113', '50106'], why: 'no sign header' })
        .observations?.code,
    ).toBe('50106');
    expect(
      violationOf(
        () => judged(refusedWithCode, rule)(refusal('50103', 401), { code: ['50113', '50106'], why: 'no sign header' }),
        rule,
      ).message,
    ).toContain('not "50113" or "50106"');
  });
  test('success or another code is a violation', () => {
    violationOf(() => judged(refusedWithCode, rule)(accepted(), { code: '50113', why: 'x' }), rule);
    violationOf(() => judged(refusedWithCode, rule)(refusal('50111'), { code: '50113', why: 'x' }), rule);
  });

  test("the code is judged by its value: a number is the code-string rule's to judge", () => {
    expect(
      judged(refusedWithCode, rule)(jsonExchange(401, { code: 50113, msg: 'x', data: [] }), { code: '50113', why: 'x' })
        .ruleId,
    ).toBe(rule);
  });
});

describe('timestamp-window', () => {
  const conforming = () => [
    { offsetSeconds: -25, exchange: accepted() },
    { offsetSeconds: 25, exchange: accepted() },
    { offsetSeconds: -35, exchange: refusal('50102') },
    { offsetSeconds: 35, exchange: refusal('50102') },
  ];
  test('accepted within 30 s both ways, refused 50102 beyond both ways', () => {
    expect(judged(timestampWindow, rule)(conforming()).ruleId).toBe(rule);
  });
  test('each side and each direction is judged', () => {
    for (const index of [0, 1]) {
      const cases = conforming();
      cases[index] = { offsetSeconds: cases[index]!.offsetSeconds, exchange: refusal('50102') };
      violationOf(() => judged(timestampWindow, rule)(cases), rule);
    }
    for (const index of [2, 3]) {
      const cases = conforming();
      cases[index] = { offsetSeconds: cases[index]!.offsetSeconds, exchange: accepted() };
      expect(violationOf(() => judged(timestampWindow, rule)(cases), rule).message).toContain('not "50102"');
      cases[index] = { offsetSeconds: cases[index]!.offsetSeconds, exchange: refusal('50113') };
      violationOf(() => judged(timestampWindow, rule)(cases), rule);
    }
  });
});

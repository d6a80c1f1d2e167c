import { judged } from './judged.ts';
import { describe, expect, test } from 'vitest';
import { documentedStatus } from '../../checks/documented-status.ts';
import { gzipThreshold } from '../../checks/gzip-threshold.ts';
import { headerEcho } from '../../checks/header-echo.ts';
import { jsonBody } from '../../checks/json-body.ts';
import { statusForInvalidInput } from '../../checks/status-for-invalid-input.ts';
import { statusForValidInput } from '../../checks/status-for-valid-input.ts';
import { unauthorizedStatus } from '../../checks/unauthorized-status.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { gzipThresholdBytes } from '../../rules/billing/operations.ts';
import { exchange, failedExchange, jsonExchange } from './exchanges.ts';
import { violationOf } from './violation.ts';

const rule = 'test.rule';

describe('status-for-invalid-input', () => {
  test('the documented 4xx passes, and any 4xx when none is documented', () => {
    expect(judged(statusForInvalidInput, rule)(exchange({ status: 400 }), 400)).toEqual({
      ruleId: rule,
      observations: { status: 400 },
    });
    expect(judged(statusForInvalidInput, rule)(exchange({ status: 422 }), null)).toEqual({
      ruleId: rule,
      observations: { status: 422 },
    });
    expect(judged(statusForInvalidInput, rule)(exchange({ status: 499 }), null).ruleId).toBe(rule);
  });

  test.each([200, 201, 204, 299])('a %i success is a violation', (status) => {
    const accepted = exchange({ status });
    expect(violationOf(() => judged(statusForInvalidInput, rule)(accepted, null), rule, [accepted]).message).toContain(
      `answered ${status}`,
    );
    violationOf(() => judged(statusForInvalidInput, rule)(accepted, 400), rule, [accepted]);
  });

  test.each([500, 502, 503])('a %i crash is a violation', (status) => {
    const crashed = exchange({ status });
    expect(violationOf(() => judged(statusForInvalidInput, rule)(crashed, null), rule, [crashed]).message).toMatch(
      /expected a 4xx/,
    );
    expect(violationOf(() => judged(statusForInvalidInput, rule)(crashed, 400), rule, [crashed]).message).toContain(
      'documented answer is 400',
    );
  });

  test('another 4xx than the documented one is a violation', () => {
    const wrong = exchange({ status: 404 });
    const violation = violationOf(() => judged(statusForInvalidInput, rule)(wrong, 400), rule, [wrong]);
    expect(violation.message).toContain('404');
    expect(violation.message).toContain('400');
  });

  test('where several statuses are documented for the case, any of them passes and the one met is observed', () => {
    expect(judged(statusForInvalidInput, rule)(exchange({ status: 403 }), [401, 403])).toEqual({
      ruleId: rule,
      observations: { status: 403 },
    });
    expect(judged(statusForInvalidInput, rule)(exchange({ status: 401 }), [401, 403]).ruleId).toBe(rule);
    expect(
      violationOf(() => judged(statusForInvalidInput, rule)(exchange({ status: 404 }), [401, 403]), rule).message,
    ).toContain('401 or 403');
  });

  test('a 3xx is not a rejection', () => {
    violationOf(() => judged(statusForInvalidInput, rule)(exchange({ status: 302 }), null), rule);
  });
});

describe('unauthorized-status', () => {
  test('the documented 401 passes; without one any 4xx passes', () => {
    expect(judged(unauthorizedStatus, rule)(exchange({ status: 401 }), 401).ruleId).toBe(rule);
    expect(judged(unauthorizedStatus, rule)(exchange({ status: 403 }), null).ruleId).toBe(rule);
  });
  test('a success, a 5xx or another 4xx than the documented 401 is a violation', () => {
    violationOf(() => judged(unauthorizedStatus, rule)(exchange({ status: 200 }), null), rule);
    violationOf(() => judged(unauthorizedStatus, rule)(exchange({ status: 500 }), 401), rule);
    violationOf(() => judged(unauthorizedStatus, rule)(exchange({ status: 403 }), 401), rule);
  });
  test('where the document lists several answers for the case, each of them passes and no other', () => {
    expect(judged(unauthorizedStatus, rule)(exchange({ status: 400 }), [400, 401]).ruleId).toBe(rule);
    expect(judged(unauthorizedStatus, rule)(exchange({ status: 401 }), [400, 401]).ruleId).toBe(rule);
    violationOf(() => judged(unauthorizedStatus, rule)(exchange({ status: 403 }), [400, 401]), rule);
  });
});

describe('status-for-valid-input', () => {
  test('exactly the documented success, or any 2xx when none is documented', () => {
    expect(judged(statusForValidInput, rule)(exchange({ status: 200 }), 200)).toEqual({
      ruleId: rule,
      observations: { status: 200 },
    });
    expect(judged(statusForValidInput, rule)(exchange({ status: 201 }), null).ruleId).toBe(rule);
  });
  test('another status is a violation naming the expectation', () => {
    expect(
      violationOf(() => judged(statusForValidInput, rule)(exchange({ status: 201 }), 200), rule).message,
    ).toContain('expected 200');
    expect(
      violationOf(() => judged(statusForValidInput, rule)(exchange({ status: 400 }), null), rule).message,
    ).toContain('expected a 2xx');
  });
});

describe('gzip-threshold', () => {
  const rules = { thresholdBytes: 1000, over: 'rule.over', under: 'rule.under' } as const;
  const atThreshold = 'a'.repeat(gzipThresholdBytes);
  const overThreshold = 'a'.repeat(gzipThresholdBytes + 1);

  test('the threshold is the documented 1000 bytes', () => {
    expect(gzipThresholdBytes).toBe(1000);
  });

  test('1000 bytes unencoded keeps the under rule', () => {
    expect(judged(gzipThreshold, rules.under)(exchange({ body: atThreshold }), rules)).toEqual({
      ruleId: rules.under,
      observations: { size: 1000 },
    });
    expect(
      judged(gzipThreshold, rules.under)(
        exchange({ body: atThreshold, headers: { 'content-encoding': 'identity' } }),
        rules,
      ).ruleId,
    ).toBe(rules.under);
    expect(judged(gzipThreshold, rules.under)(exchange({ body: '' }), rules).ruleId).toBe(rules.under);
  });

  test('1000 bytes gzip-encoded breaks the under rule', () => {
    const compressed = exchange({ body: atThreshold, gzip: true });
    expect(compressed.response?.rawBody.length).toBeLessThan(1000);
    const violation = violationOf(() => judged(gzipThreshold, rule)(compressed, rules), rules.under, [compressed]);
    expect(violation.message).toContain('1000-byte');
    expect(violation.message).toContain('gzip');
  });

  test('1001 bytes unencoded breaks the over rule', () => {
    const plain = exchange({ body: overThreshold });
    const violation = violationOf(() => judged(gzipThreshold, rule)(plain, rules), rules.over, [plain]);
    expect(violation.message).toContain('1001-byte');
    expect(violation.message).toContain('"none"');
  });

  test('1001 bytes with another encoding breaks the over rule', () => {
    violationOf(
      () =>
        judged(gzipThreshold, rule)(exchange({ body: overThreshold, headers: { 'content-encoding': 'br' } }), rules),
      rules.over,
    );
  });

  test('1001 bytes gzip-encoded keeps the over rule; the size is that of the decoded body', () => {
    expect(judged(gzipThreshold, rules.over)(exchange({ body: overThreshold, gzip: true }), rules)).toEqual({
      ruleId: rules.over,
      observations: { size: 1001 },
    });
    expect(
      judged(gzipThreshold, rules.over)(
        exchange({ body: overThreshold, headers: { 'content-encoding': ' GZIP ' } }),
        rules,
      ).ruleId,
    ).toBe(rules.over);
  });
});

describe('header-echo', () => {
  const sent = 'harness-trace/0001';
  test('the same value passes (header names are matched lower-case)', () => {
    expect(
      judged(headerEcho, rule)(exchange({ headers: { 'svc-track-id': sent } }), { headerName: 'Svc-Track-Id', sent }),
    ).toEqual({ ruleId: rule });
  });
  test('a missing header is a violation', () => {
    const missing = exchange({ headers: {} });
    expect(
      violationOf(() => judged(headerEcho, rule)(missing, { headerName: 'Svc-Track-Id', sent }), rule, [missing])
        .message,
    ).toContain('not returned');
  });
  test('a changed value is a violation showing both values', () => {
    const changed = exchange({ headers: { 'svc-track-id': `${sent}x` } });
    const violation = violationOf(() => judged(headerEcho, rule)(changed, { headerName: 'Svc-Track-Id', sent }), rule, [
      changed,
    ]);
    expect(violation.message).toContain(JSON.stringify(sent));
    expect(violation.message).toContain(JSON.stringify(`${sent}x`));
    violationOf(
      () =>
        judged(headerEcho, rule)(exchange({ headers: { 'svc-track-id': sent.toUpperCase() } }), {
          headerName: 'Svc-Track-Id',
          sent,
        }),
      rule,
    );
  });
  test('a repeated header is not the one value sent', () => {
    violationOf(
      () =>
        judged(headerEcho, rule)(exchange({ headers: { 'svc-track-id': [sent, sent] } }), {
          headerName: 'Svc-Track-Id',
          sent,
        }),
      rule,
    );
  });
});

describe('documented-status', () => {
  const documented = [200, 400, 401];
  test('documented statuses pass and 429 is tolerated', () => {
    for (const status of documented)
      expect(judged(documentedStatus, rule)(exchange({ status }), { documented, tolerated: [429] })).toEqual({
        ruleId: rule,
        observations: { status },
      });
    expect(judged(documentedStatus, rule)(exchange({ status: 429 }), { documented, tolerated: [429] }).ruleId).toBe(
      rule,
    );
  });
  test('an undocumented status is a violation listing the documented ones', () => {
    const crashed = exchange({ status: 500 });
    const violation = violationOf(
      () => judged(documentedStatus, rule)(crashed, { documented, tolerated: [429] }),
      rule,
      [crashed],
    );
    expect(violation.message).toContain('500');
    expect(violation.message).toContain('200, 400, 401');
    violationOf(
      () => judged(documentedStatus, rule)(exchange({ status: 404 }), { documented, tolerated: [429] }),
      rule,
    );
    violationOf(() => judged(documentedStatus, rule)(exchange({ status: 429 }), { documented, tolerated: [] }), rule);
  });
});

describe('json-body', () => {
  test('application/json and +json types that parse pass', () => {
    expect(judged(jsonBody, rule)(jsonExchange(200, { a: 1 }))).toEqual({ ruleId: rule });
    expect(
      judged(jsonBody, rule)(exchange({ headers: { 'content-type': 'application/json; charset=utf-8' }, body: '[1]' }))
        .ruleId,
    ).toBe(rule);
    expect(
      judged(
        jsonBody,
        rule,
      )(exchange({ headers: { 'content-type': 'application/problem+json' }, body: '{"title":"x"}' })).ruleId,
    ).toBe(rule);
    expect(
      judged(jsonBody, rule)(exchange({ headers: { 'content-type': 'Application/JSON' }, body: '{}' })).ruleId,
    ).toBe(rule);
  });
  test('another media type is a violation even when the body is JSON', () => {
    const plain = exchange({ headers: { 'content-type': 'text/plain' }, body: '{"a":1}' });
    expect(violationOf(() => judged(jsonBody, rule)(plain), rule, [plain]).message).toContain('"text/plain"');
    violationOf(() => judged(jsonBody, rule)(exchange({ headers: {}, body: '{}' })), rule);
    violationOf(
      () => judged(jsonBody, rule)(exchange({ headers: { 'content-type': 'application/jsonp' }, body: '{}' })),
      rule,
    );
  });
  test('a JSON label on a body that does not parse is a violation', () => {
    const broken = exchange({ headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(violationOf(() => judged(jsonBody, rule)(broken), rule, [broken]).message).toContain('not JSON');
  });
});

describe('a failed exchange is a violation of the rule under test, never a crash', () => {
  const cases: [string, (failed: Exchange) => unknown, string][] = [
    ['status-for-invalid-input', (e) => judged(statusForInvalidInput, rule)(e, 400), rule],
    ['status-for-valid-input', (e) => judged(statusForValidInput, rule)(e, 200), rule],
    ['unauthorized-status', (e) => judged(unauthorizedStatus, rule)(e, 401), rule],
    ['documented-status', (e) => judged(documentedStatus, rule)(e, { documented: [200], tolerated: [429] }), rule],
    ['json-body', (e) => judged(jsonBody, rule)(e), rule],
    ['header-echo', (e) => judged(headerEcho, rule)(e, { headerName: 'Svc-Track-Id', sent: 't' }), rule],
    [
      'gzip-threshold',
      (e) => judged(gzipThreshold, rule)(e, { thresholdBytes: 1000, over: 'rule.over', under: 'rule.under' }),
      rule,
    ],
  ];
  test.each(cases)('%s with TIMEOUT (no response)', (_, run, ruleId) => {
    const failed = failedExchange('TIMEOUT');
    const violation = violationOf(() => run(failed), ruleId, [failed]);
    expect(violation.message).toContain('TIMEOUT');
  });
  test.each(cases)('%s with BAD_GZIP (status line, broken body)', (_, run, ruleId) => {
    const failed = failedExchange('BAD_GZIP', true);
    expect(failed.response).toBeDefined();
    expect(violationOf(() => run(failed), ruleId, [failed]).message).toContain('BAD_GZIP');
  });
});

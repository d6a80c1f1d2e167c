import { judged, readFor } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { bodyhashCompared } from '../../../../suites/loyalty/checks/bodyhash-compared.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { emptyJsonObject } from '../../../../checks/empty-json-object.ts';
import { loyaltyErrorBodies } from '../../../../suites/loyalty/checks/loyalty-error-bodies.ts';
import { bodyCaseStatus } from '../../../../suites/loyalty/checks/body-case-status.ts';
import { orderIdConflict } from '../../../../suites/loyalty/checks/order-id-conflict.ts';
import { timestampWindow } from '../../../../suites/loyalty/checks/timestamp-window.ts';
import { exchange, failedExchange, jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const error = { error_code: 'E1', user_message: 'no', developer_message: 'why', extra: 1 };

describe('body-case-status', () => {
  test('a case keeping its rule is 202, one breaking it exactly 400: by status only (bodies have their own rules)', () => {
    expect(judged(bodyCaseStatus, rule)(jsonExchange(202, {}), { outcome: 'accepted' }).ruleId).toBe(rule);
    expect(judged(bodyCaseStatus, rule)(jsonExchange(400, error), { outcome: 'invalid' }).ruleId).toBe(rule);
    // A body fault is not a status rule's: an array 202 or a numeric error_code pass.
    expect(judged(bodyCaseStatus, rule)(jsonExchange(202, []), { outcome: 'accepted' }).ruleId).toBe(rule);
    expect(judged(bodyCaseStatus, rule)(jsonExchange(400, { error_code: 7 }), { outcome: 'invalid' }).ruleId).toBe(
      rule,
    );
  });
  test('a 200 for a valid case, a 422 or a 202 for an invalid one, no answer are violations', () => {
    violationOf(() => judged(bodyCaseStatus, rule)(jsonExchange(200, {}), { outcome: 'accepted' }), rule);
    violationOf(() => judged(bodyCaseStatus, rule)(jsonExchange(422, error), { outcome: 'invalid' }), rule);
    violationOf(() => judged(bodyCaseStatus, rule)(jsonExchange(202, {}), { outcome: 'invalid' }), rule);
    violationOf(() => judged(bodyCaseStatus, rule)(failedExchange('TIMEOUT'), { outcome: 'accepted' }), rule);
  });
});

describe('timestamp-window', () => {
  test('inside the window is 202; outside it any 4xx', () => {
    expect(judged(timestampWindow, rule)(jsonExchange(202, {}), { insideWindow: true }).ruleId).toBe(rule);
    expect(judged(timestampWindow, rule)(jsonExchange(401, 'x'), { insideWindow: false }).ruleId).toBe(rule);
    expect(judged(timestampWindow, rule)(jsonExchange(400, error), { insideWindow: false }).ruleId).toBe(rule);
  });
  test('a ts inside refused, one outside accepted, a 5xx or no answer outside are violations', () => {
    expect(
      violationOf(() => judged(timestampWindow, rule)(jsonExchange(401, 'x'), { insideWindow: true }), rule).message,
    ).toContain('expected 202');
    violationOf(() => judged(timestampWindow, rule)(jsonExchange(202, {}), { insideWindow: false }), rule);
    violationOf(() => judged(timestampWindow, rule)(jsonExchange(500, error), { insideWindow: false }), rule);
    violationOf(() => judged(timestampWindow, rule)(failedExchange('TIMEOUT'), { insideWindow: false }), rule);
  });
});

describe('order-id-conflict', () => {
  test('an order id used before is exactly 409; a 202, a 400 or no answer are violations', () => {
    expect(judged(orderIdConflict, rule)(jsonExchange(409, error)).ruleId).toBe(rule);
    expect(violationOf(() => judged(orderIdConflict, rule)(jsonExchange(202, {})), rule).message).toContain(
      'answered 202; expected 409',
    );
    violationOf(() => judged(orderIdConflict, rule)(jsonExchange(400, error)), rule);
    violationOf(() => judged(orderIdConflict, rule)(failedExchange('TIMEOUT')), rule);
  });
});

describe('empty-json-object', () => {
  test('"an empty JSON object" is {} exactly: members, an array, another status or no JSON are violations', () => {
    expect(judged(emptyJsonObject, rule)(jsonExchange(202, {}), { status: 202 }).ruleId).toBe(rule);
    expect(
      violationOf(() => judged(emptyJsonObject, rule)(jsonExchange(202, { status: 'ACCEPTED' }), { status: 202 }), rule)
        .message,
    ).toContain('status');
    violationOf(() => judged(emptyJsonObject, rule)(jsonExchange(202, []), { status: 202 }), rule);
    violationOf(() => judged(emptyJsonObject, rule)(jsonExchange(200, {}), { status: 202 }), rule);
    violationOf(() => judged(emptyJsonObject, rule)(exchange({ status: 202, body: '' }), { status: 202 }), rule);
  });
});

describe('loyalty-error-bodies', () => {
  test('every error answer is judged, successes are not', () => {
    expect(
      judged(loyaltyErrorBodies, rule)([jsonExchange(202, []), jsonExchange(403, {}), jsonExchange(409, error)])
        .observations,
    ).toEqual({ 'error answers judged': 2, statuses: '403, 409', 'members besides the documented three': 'extra' });
    expect(judged(loyaltyErrorBodies, rule)([jsonExchange(400, { error_code: 'E' })]).observations).toEqual({
      'error answers judged': 1,
      statuses: '400',
    });
    violationOf(
      () => judged(loyaltyErrorBodies, rule)([jsonExchange(400, error), jsonExchange(409, { user_message: ['no'] })]),
      rule,
    );
    violationOf(() => judged(loyaltyErrorBodies, rule)([exchange({ status: 500, body: 'oops' })]), rule);
  });
});

describe('bodyhash-compared', () => {
  test('wrong bodyhashes all refused let the asking rule judge; one accepted blocks it by loyalty.mac.bodyhash', () => {
    expect(() => readFor(bodyhashCompared, rule)([jsonExchange(401, error), jsonExchange(400, error)])).not.toThrow();
    try {
      readFor(bodyhashCompared, rule)([jsonExchange(401, error), jsonExchange(202, {})]);
      expect.unreachable();
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(RuleBlocked);
      expect((thrown as RuleBlocked).blockedBy).toEqual(['loyalty.mac.bodyhash']);
    }
  });
});

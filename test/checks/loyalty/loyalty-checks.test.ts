import { describe, expect, test } from 'vitest';
import { bodyhashCompared } from '../../../checks/loyalty/bodyhash-compared.ts';
import { RuleBlocked } from '../../../checks/rule-blocked.ts';
import { emptyJsonObject } from '../../../checks/empty-json-object.ts';
import { loyaltyErrorBodies } from '../../../checks/loyalty/loyalty-error-bodies.ts';
import { loyaltyJudged } from '../../../checks/loyalty/loyalty-judged.ts';
import { exchange, failedExchange, jsonExchange } from '../exchanges.ts';
import { violationOf } from '../violation.ts';

const rule = 'test.rule';
const error = { error_code: 'E1', user_message: 'no', developer_message: 'why', extra: 1 };

describe('loyalty-judged', () => {
  test('accepted is 202, invalid 400, conflict 409, refused any 4xx: by status only (bodies have their own rules)', () => {
    expect(loyaltyJudged(jsonExchange(202, {}), rule, { outcome: 'accepted' }).ruleId).toBe(rule);
    expect(loyaltyJudged(jsonExchange(400, error), rule, { outcome: 'invalid' }).ruleId).toBe(rule);
    expect(loyaltyJudged(jsonExchange(409, {}), rule, { outcome: 'conflict' }).ruleId).toBe(rule);
    expect(loyaltyJudged(jsonExchange(401, 'x'), rule, { outcome: 'refused' }).ruleId).toBe(rule);
  });
  test('a body fault is not a status rule\'s: an array 202 or a numeric error_code pass the status judgement', () => {
    expect(loyaltyJudged(jsonExchange(202, []), rule, { outcome: 'accepted' }).ruleId).toBe(rule);
    expect(loyaltyJudged(jsonExchange(400, { error_code: 7 }), rule, { outcome: 'invalid' }).ruleId).toBe(rule);
  });
  test('a 200, a 422 for invalid, a 400 for a conflict, a 5xx for refused are violations', () => {
    violationOf(() => loyaltyJudged(jsonExchange(200, {}), rule, { outcome: 'accepted' }), rule);
    violationOf(() => loyaltyJudged(jsonExchange(422, error), rule, { outcome: 'invalid' }), rule);
    violationOf(() => loyaltyJudged(jsonExchange(400, error), rule, { outcome: 'conflict' }), rule);
    violationOf(() => loyaltyJudged(jsonExchange(500, error), rule, { outcome: 'refused' }), rule);
    violationOf(() => loyaltyJudged(failedExchange('TIMEOUT'), rule, { outcome: 'refused' }), rule);
  });
});

describe('empty-json-object', () => {
  test('"an empty JSON object" is {} exactly: members, an array, another status or no JSON are violations', () => {
    expect(emptyJsonObject(jsonExchange(202, {}), rule, { status: 202 }).ruleId).toBe(rule);
    expect(violationOf(() => emptyJsonObject(jsonExchange(202, { status: 'ACCEPTED' }), rule, { status: 202 }), rule).message).toContain('status');
    violationOf(() => emptyJsonObject(jsonExchange(202, []), rule, { status: 202 }), rule);
    violationOf(() => emptyJsonObject(jsonExchange(200, {}), rule, { status: 202 }), rule);
    violationOf(() => emptyJsonObject(exchange({ status: 202, body: '' }), rule, { status: 202 }), rule);
  });
});

describe('loyalty-error-bodies', () => {
  test('every error answer is judged, successes are not', () => {
    expect(loyaltyErrorBodies([jsonExchange(202, []), jsonExchange(403, {}), jsonExchange(409, error)], rule).observations).toEqual({ 'error answers judged': 2, statuses: '403, 409', 'members besides the documented three': 'extra' });
    expect(loyaltyErrorBodies([jsonExchange(400, { error_code: 'E' })], rule).observations).toEqual({ 'error answers judged': 1, statuses: '400' });
    violationOf(() => loyaltyErrorBodies([jsonExchange(400, error), jsonExchange(409, { user_message: ['no'] })], rule), rule);
    violationOf(() => loyaltyErrorBodies([exchange({ status: 500, body: 'oops' })], rule), rule);
  });
});

describe('bodyhash-compared', () => {
  test('wrong bodyhashes all refused let the asking rule judge; one accepted blocks it by loyalty.mac.bodyhash', () => {
    expect(() => bodyhashCompared([jsonExchange(401, error), jsonExchange(400, error)], rule)).not.toThrow();
    try {
      bodyhashCompared([jsonExchange(401, error), jsonExchange(202, {})], rule);
      expect.unreachable();
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(RuleBlocked);
      expect((thrown as RuleBlocked).blockedBy).toEqual(['loyalty.mac.bodyhash']);
    }
  });
});

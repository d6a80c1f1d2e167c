import { judged, readFor } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { otherKeyRefused } from '../../../../suites/agentic/checks/other-key-refused.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { errorShapeWhenPresent } from '../../../../suites/agentic/checks/error-shape-when-present.ts';
import { notificationAccepted } from '../../../../suites/agentic/checks/notification-accepted.ts';
import { paramNames, userException } from '../../../../suites/agentic/checks/user-exception.ts';
import { exchange, failedExchange, jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const userError = (param?: string) => ({
  error: { code: 'E1', description: 'bad', type: 'USER_EXCEPTION', ...(param === undefined ? {} : { param }) },
});

describe('notification-accepted', () => {
  test('a 200 passes whatever its body: the body is judged by agentic.bodies.accepted-empty and agentic.bodies.json', () => {
    expect(judged(notificationAccepted, rule)(jsonExchange(200, {})).ruleId).toBe(rule);
    expect(judged(notificationAccepted, rule)(jsonExchange(200, { received: true })).ruleId).toBe(rule);
    expect(judged(notificationAccepted, rule)(exchange({ status: 200, body: '' })).ruleId).toBe(rule);
  });
  test('another status or no response is a violation', () => {
    violationOf(() => judged(notificationAccepted, rule)(jsonExchange(202, {})), rule);
    violationOf(() => judged(notificationAccepted, rule)(failedExchange('TIMEOUT')), rule);
  });
});

describe('user-exception', () => {
  test('400 USER_EXCEPTION with or without param passes; param may be a path ending in the field', () => {
    expect(judged(userException, rule)(jsonExchange(400, userError()), { field: 'enrollmentId' }).observations).toEqual(
      {
        'param sent': false,
      },
    );
    expect(
      judged(userException, rule)(jsonExchange(400, userError('$.enrollmentId')), { field: 'enrollmentId' })
        .observations,
    ).toEqual({ 'param sent': true });
    expect(paramNames('body/proofOfIntent', 'proofOfIntent')).toBe(true);
    expect(paramNames('enrollmentIdx', 'enrollmentId')).toBe(false);
  });
  test('another status, another type, a missing description or a param naming another field are violations', () => {
    violationOf(() => judged(userException, rule)(jsonExchange(422, userError()), { field: 'x' }), rule);
    violationOf(
      () =>
        judged(userException, rule)(
          jsonExchange(400, { error: { code: 'E', description: 'd', type: 'BUSINESS_EXCEPTION' } }),
          {
            field: 'x',
          },
        ),
      rule,
    );
    expect(
      violationOf(
        () =>
          judged(userException, rule)(jsonExchange(400, { error: { code: 'E', type: 'USER_EXCEPTION' } }), {
            field: 'x',
          }),
        rule,
      ).message,
    ).toContain('error.description');
    expect(
      violationOf(
        () => judged(userException, rule)(jsonExchange(400, userError('payload')), { field: 'enrollmentId' }),
        rule,
      ).message,
    ).toContain('enrollmentId');
  });
});

describe('error-shape-when-present', () => {
  const business = { error: { code: 'E422', description: 'unknown', type: 'BUSINESS_EXCEPTION' } };
  const system = { error: { code: '20001', description: 'Internal server error', type: 'SYSTEM_EXCEPTION' } };
  test('documented bodies pass; a status never met is reported, not failed', () => {
    expect(
      judged(errorShapeWhenPresent, rule)([jsonExchange(422, business), jsonExchange(200, {})], { status: 422 })
        .observations,
    ).toEqual({ '422 answers judged': 1, 'statuses seen': '422, 200' });
    expect(judged(errorShapeWhenPresent, rule)([jsonExchange(500, system)], { status: 500 }).ruleId).toBe(rule);
    expect(judged(errorShapeWhenPresent, rule)([jsonExchange(400, {})], { status: 500 }).observations).toMatchObject({
      '500 answers judged': 0,
    });
  });
  test('a 422 of another type or a 500 with another code or description is a violation', () => {
    violationOf(
      () =>
        judged(errorShapeWhenPresent, rule)(
          [jsonExchange(422, { error: { ...business.error, type: 'USER_EXCEPTION' } })],
          {
            status: 422,
          },
        ),
      rule,
    );
    violationOf(
      () =>
        judged(errorShapeWhenPresent, rule)([jsonExchange(500, { error: { ...system.error, code: 20001 } })], {
          status: 500,
        }),
      rule,
    );
    violationOf(
      () =>
        judged(errorShapeWhenPresent, rule)([jsonExchange(500, { error: { ...system.error, description: 'boom' } })], {
          status: 500,
        }),
      rule,
    );
    violationOf(
      () => judged(errorShapeWhenPresent, rule)([exchange({ status: 500, body: 'oops' })], { status: 500 }),
      rule,
    );
  });
});

describe('other-key-refused', () => {
  test('a JWE for another key refused lets the asking rule judge; accepted, it blocks it by agentic.jwe.other-key', () => {
    expect(() => readFor(otherKeyRefused, rule)(jsonExchange(400, userError()))).not.toThrow();
    for (const answer of [jsonExchange(200, {}), failedExchange('TIMEOUT')]) {
      try {
        readFor(otherKeyRefused, rule)(answer);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(RuleBlocked);
        expect((error as RuleBlocked).blockedBy).toEqual(['agentic.jwe.other-key']);
      }
    }
  });
});

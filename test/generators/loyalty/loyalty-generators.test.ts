import { programCodes as documentProgramCodes } from '../../../rules/loyalty/records.ts';
import { describe, expect, test } from 'vitest';
import { type LoyaltyContext, nanosTime } from '../../../generators/loyalty/bodies.ts';
import {
  loyaltyFieldCases,
  validNotificationCases,
  validOrderCases,
  validSubscriptionCases,
} from '../../../generators/loyalty/field-cases.ts';
import { absent, withField } from '../../../generators/loyalty/loyalty-case.ts';
import {
  nanosTimeSchema,
  notificationSchema,
  orderDateTimeSchema,
  subscriptionSchema,
  transferOrderSchema,
} from '../../../rules/loyalty/records.ts';

const mandatory = { PROGRAM_HOTEL_1: ['FIRST_NAME', 'LAST_NAME', 'EMAIL'] } as Record<string, string[]>;
const context: LoyaltyContext = {
  nowMs: Date.UTC(2026, 1, 28, 23, 59, 59, 999),
  institutionId: 'inst-1',
  programCodes: documentProgramCodes,
  mandatory: (program) => mandatory[program] ?? ['LAST_NAME'],
};
const schemas = { subscribe: subscriptionSchema, transfer: transferOrderSchema, notify: notificationSchema };

describe('loyalty bodies', () => {
  test('withField sets and removes nested fields without touching the original', () => {
    const body = { a: { b: 1, c: 2 } };
    expect(withField(body, 'a.b', absent)).toEqual({ a: { c: 2 } });
    expect(withField(body, 'd', 3)).toEqual({ a: { b: 1, c: 2 }, d: 3 });
    expect(body).toEqual({ a: { b: 1, c: 2 } });
  });
  test('the date forms: order_date_time exactly yyyy-MM-ddTHH:mm:ss.SSSZ, time with nine fraction digits', () => {
    expect(orderDateTimeSchema.safeParse('2024-02-29T23:59:59.999Z').success).toBe(true);
    expect(orderDateTimeSchema.safeParse('2026-02-29T10:00:00.000Z').success).toBe(false);
    expect(nanosTimeSchema.safeParse(nanosTime(context.nowMs)).success).toBe(true);
    // "in UTC": the Z form is the valid value; other ways of writing a zone are observed by the suite, not sent as
    // valid.
    expect(nanosTimeSchema.safeParse('2026-01-01T10:00:00.123456789+02:00').success).toBe(false);
    expect(nanosTimeSchema.safeParse('2026-01-01T10:00:00.123456789+00:00').success).toBe(false);
    expect(nanosTimeSchema.safeParse('2026-01-01T10:00:00.123Z').success).toBe(false);
  });
  test('every valid case keeps the schema of its operation, and every field case says what the schema says', () => {
    const valid = [...validSubscriptionCases(context), ...validOrderCases(context), ...validNotificationCases(context)];
    expect(
      valid
        .filter((testCase) => !schemas[testCase.operation].safeParse(testCase.body).success)
        .map((testCase) => testCase.why),
    ).toEqual([]);
    for (const [ruleId, cases] of Object.entries(loyaltyFieldCases)) {
      const all = cases(context);
      expect(all.length, ruleId).toBeGreaterThan(0);
      // The demographics rule depends on the entry, not on the record schema.
      if (ruleId === 'loyalty.transfer.program-demographics') continue;
      for (const testCase of all.filter((one) => one.outcome !== 'observed'))
        expect(schemas[testCase.operation].safeParse(testCase.body).success, `${ruleId}: ${testCase.why}`).toBe(
          testCase.outcome === 'accepted',
        );
    }
  });
  test('notify.time sends only nine-digit Z times as valid; +00:00, a lower-case z, other offsets, no fraction and a millisecond fraction are observed', () => {
    const cases = loyaltyFieldCases['loyalty.notify.time']!(context);
    expect(
      cases
        .filter((testCase) => testCase.outcome === 'accepted')
        .every((testCase) => String(testCase.body.time).endsWith('Z')),
    ).toBe(true);
    expect(
      cases
        .filter((testCase) => testCase.outcome === 'observed')
        .map((testCase) => String(testCase.body.time).slice(19)),
    ).toEqual([
      '.999999999+00:00',
      '.999999999z',
      '.999999999+02:00',
      '.999999999-05:30',
      'Z',
      expect.stringMatching(/^\.\d{3}Z$/),
    ]);
  });
  test('the demographics cases leave out each mandatory field of each program once', () => {
    const cases = loyaltyFieldCases['loyalty.transfer.program-demographics']!(context);
    expect(cases.filter((testCase) => testCase.outcome === 'invalid')).toHaveLength(8 + 3);
    expect(cases.filter((testCase) => testCase.outcome === 'accepted')).toHaveLength(9);
  });
});

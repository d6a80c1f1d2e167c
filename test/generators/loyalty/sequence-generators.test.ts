import { programCodes as documentProgramCodes } from '../../../rules/loyalty/records.ts';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { LoyaltyContext } from '../../../generators/loyalty/bodies.ts';
import { earlierUse } from '../../../generators/loyalty/earlier-use.ts';
import { callBody, loyaltyCall } from '../../../generators/loyalty/loyalty-call.ts';
import { loyaltyRefusal, refusedCase } from '../../../generators/loyalty/loyalty-refusal.ts';
import { notificationSchema, subscriptionSchema, transferOrderSchema } from '../../../rules/loyalty/records.ts';

const context: LoyaltyContext = {
  nowMs: Date.UTC(2026, 1, 28, 23, 59, 59, 999),
  institutionId: 'inst-1',
  programCodes: documentProgramCodes,
  mandatory: (program) => (program === 'PROGRAM_HOTEL_1' ? ['FIRST_NAME', 'LAST_NAME'] : ['LAST_NAME']),
};
const schemas = { subscribe: subscriptionSchema, transfer: transferOrderSchema, notify: notificationSchema };

describe('the generators of loyalty sequences', () => {
  test('the same seed gives the same values', () => {
    for (const arbitrary of [earlierUse, loyaltyCall, loyaltyRefusal] as fc.Arbitrary<unknown>[])
      expect(fc.sample(arbitrary, { seed: 7, numRuns: 20 })).toEqual(fc.sample(arbitrary, { seed: 7, numRuns: 20 }));
  });

  test('every call is a valid request of its operation, an order with the amount it was given', () => {
    fc.assert(
      fc.property(loyaltyCall, (call) => {
        const { body, what } = callBody(context, call);
        expect(schemas[call.operation].safeParse(body).success, what).toBe(true);
        if (call.operation === 'transfer' && call.points !== undefined)
          expect(body.points_needed).toEqual({ value: call.points, currency_type: 'POINTS', currency_code: 'USD' });
      }),
      { seed: 7 },
    );
  });

  test('every refusal is a case its rule refuses, of the operation it names', () => {
    fc.assert(
      fc.property(loyaltyRefusal, (refusal) => {
        const refused = refusedCase(context, refusal);
        expect(refused.operation).toBe(refusal.operation);
        expect(refused.outcome).toBe('invalid');
        expect(schemas[refused.operation].safeParse(refused.body).success, refused.what).toBe(false);
      }),
      { seed: 7 },
    );
  });
});

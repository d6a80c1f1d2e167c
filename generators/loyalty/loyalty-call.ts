import fc from 'fast-check';
import type { LoyaltyOperation } from '../../rules/loyalty/records.ts';
import type { LoyaltyContext } from './bodies.ts';
import { earlierUse } from './earlier-use.ts';
import { validNotificationCases, validOrderCases, validSubscriptionCases } from './field-cases.ts';

/**
 * One valid request of a loyalty sequence: an operation, which of its valid bodies (`variant`, an index into the
 * operation's valid cases), for an order another `points` amount (points_needed), and what it carries of earlier
 * requests: a nonce (`nonceReuse`) and, for an order, a requestor_order_id (`orderReuse`; a notification with it is
 * tied to that order). See earlierUse for how a reuse is counted.
 */
export interface LoyaltyCall {
  operation: LoyaltyOperation;
  variant: number;
  points: number | undefined;
  nonceReuse: number | undefined;
  orderReuse: number | undefined;
}

export const loyaltyCall: fc.Arbitrary<LoyaltyCall> = fc.record({
  operation: fc.constantFrom<LoyaltyOperation>('subscribe', 'transfer', 'notify'),
  variant: fc.nat({ max: 15 }),
  points: fc.option(fc.integer({ min: 1, max: 99_999 }), { nil: undefined }),
  nonceReuse: earlierUse,
  orderReuse: earlierUse,
});

const validCases = { subscribe: validSubscriptionCases, transfer: validOrderCases, notify: validNotificationCases };

/** The call's valid body (an order's requestor_order_id still the fresh-id marker) and the body in words; pure. */
export function callBody(context: LoyaltyContext, call: LoyaltyCall): { body: Record<string, unknown>; what: string } {
  // Only the bodies every target must accept: the ones the document leaves open are a suite's to observe.
  const cases = validCases[call.operation](context).filter((testCase) => testCase.outcome === 'accepted');
  const { body } = cases[call.variant % cases.length] as (typeof cases)[number];
  if (call.operation === 'subscribe')
    return { body, what: `a valid subscription with ${body.benefit_id ? 'benefit_id' : 'external_benefit'}` };
  if (call.operation === 'notify') return { body, what: `a valid ${String(body.type)} notification` };
  if (call.points === undefined) return { body, what: `a valid order for ${String(body.program_code)}` };
  return {
    body: { ...body, points_needed: { value: call.points, currency_type: 'POINTS', currency_code: 'USD' } },
    what: `a valid order for ${String(body.program_code)} with points_needed ${call.points} POINTS`,
  };
}

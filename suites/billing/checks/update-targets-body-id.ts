import { isDeepStrictEqual } from 'node:util';
import type { Pricing } from '../../../rules/billing/adapters/model.ts';
import { samePricing } from '../../../rules/billing/adapters/model.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { type InvalidBodyStatuses, invalidBodyRefused } from './invalid-body-refused.ts';

export interface ChargeReading {
  exchange: Exchange;
  /** The default pricing the charge resolves to when no row matches. */
  pricing: Pricing | null;
  state: unknown;
}

/**
 * After a PUT naming charge B in its body, B resolves to the new pricing and charge A, created just
 * before, reads exactly as it did.
 */
export interface UpdateObservation {
  /** A PUT whose body names no charge, and what PUT documents: it is refused like any invalid body. */
  withoutId?: { exchange: Exchange; statuses: InvalidBodyStatuses };
  update: Exchange;
  /** The charge named in the PUT body, read after the update. */
  targetAfter: ChargeReading;
  /** Another charge, read before and after the update. */
  bystander: { before: ChargeReading; after: ChargeReading };
}

export function updateTargetsBodyId(
  { withoutId, update, targetAfter, bystander }: UpdateObservation,
  newPricing: Pricing,
): Verdict {
  // Without an id in the body the PUT targets nothing: it is refused (whether the 4xx is one PUT lists is the
  // status-list rule's).
  if (withoutId) invalidBodyRefused(withoutId.exchange, withoutId.statuses);
  if (!samePricing(targetAfter.pricing, newPricing)) {
    throw new Violation(
      `The charge named in the PUT body still resolves to ${JSON.stringify(targetAfter.pricing)}, not the updated ${JSON.stringify(newPricing)}`,
      [update, targetAfter.exchange],
    );
  }
  if (
    !isDeepStrictEqual(bystander.before.state, bystander.after.state) ||
    !samePricing(bystander.before.pricing, bystander.after.pricing)
  ) {
    throw new Violation('A charge not named in the PUT body changed', [
      update,
      bystander.before.exchange,
      bystander.after.exchange,
    ]);
  }
  return passed();
}

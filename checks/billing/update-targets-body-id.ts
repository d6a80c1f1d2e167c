import { isDeepStrictEqual } from 'node:util';
import type { Pricing } from '../../adapters/billing/model.ts';
import { samePricing } from '../../adapters/billing/model.ts';
import type { Exchange } from '../../client/exchange.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { statusForInvalidInput } from '../status-for-invalid-input.ts';

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
  /** A PUT whose body names no charge, and the status it must be refused with (any 4xx where null). */
  withoutId?: { exchange: Exchange; refusedWith: number | null };
  update: Exchange;
  /** The charge named in the PUT body, read after the update. */
  targetAfter: ChargeReading;
  /** Another charge, read before and after the update. */
  bystander: { before: ChargeReading; after: ChargeReading };
}

export function updateTargetsBodyId({ withoutId, update, targetAfter, bystander }: UpdateObservation, ruleId: string, newPricing: Pricing): Verdict {
  // Without an id in the body the PUT targets nothing: it is refused.
  if (withoutId) statusForInvalidInput(withoutId.exchange, ruleId, withoutId.refusedWith);
  if (!samePricing(targetAfter.pricing, newPricing)) {
    throw new RuleViolation(ruleId, `The charge named in the PUT body still resolves to ${JSON.stringify(targetAfter.pricing)}, not the updated ${JSON.stringify(newPricing)}`, [update, targetAfter.exchange]);
  }
  if (!isDeepStrictEqual(bystander.before.state, bystander.after.state) || !samePricing(bystander.before.pricing, bystander.after.pricing)) {
    throw new RuleViolation(ruleId, 'A charge not named in the PUT body changed', [update, bystander.before.exchange, bystander.after.exchange]);
  }
  return passed(ruleId);
}

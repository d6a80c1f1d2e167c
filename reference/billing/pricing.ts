import type { BillingBehaviour } from './behaviour.ts';
import type { Charge, Pricing } from './records.ts';

/** Dynamic Pricing: which pricing a charge yields for a set of attributes. */

export type PricingResolution =
  | { pricing: Pricing; source: 'rateCard'; rateCardIndex: number }
  | { pricing: Pricing; source: 'default' }
  | { pricing: null; source: 'none' };

/** A row matches when every one of its conditions equals the supplied attribute of that name. */
export function allConditionsMatch(conditions: Record<string, string>, attributes: Record<string, string>): boolean {
  return Object.entries(conditions).every(([key, value]) => Object.hasOwn(attributes, key) && attributes[key] === value);
}

/** With no matching row: the default pricing, else nothing. */
export function defaultPricingOrNone(charge: Charge): PricingResolution {
  return charge.defaultPricing ? { pricing: charge.defaultPricing, source: 'default' } : { pricing: null, source: 'none' };
}

/** The first matching row wins (array order); otherwise the fallback applies. */
export function resolvePricing(
  charge: Charge,
  attributes: Record<string, string>,
  behaviour: Pick<BillingBehaviour, 'rateCardRowMatches' | 'fallbackPricing'>,
): PricingResolution {
  const index = charge.rateCards.findIndex((row) => behaviour.rateCardRowMatches(row.conditions, attributes));
  const row = charge.rateCards[index];
  return row ? { pricing: row.pricing, source: 'rateCard', rateCardIndex: index } : behaviour.fallbackPricing(charge);
}

import type { BillingBehaviour, PricingResolution } from './behaviour.ts';
import type { Charge } from './records.ts';

/** Dynamic Pricing: which pricing a charge yields for a set of attributes. */

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

import type { ChargeDraft, Pricing, RateCardRow } from '../../rules/billing/adapters/model.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A row matches when every one of its conditions equals the supplied attribute value. */
export function rowMatches(row: RateCardRow, attributes: Record<string, string>): boolean {
  return Object.entries(row.conditions).every(([name, value]) => attributes[name] === value);
}

/**
 * What the query must return for these attributes (billing document, "Rules for the query operation"):
 * rule 1, the pricing of a matching row (the document does not say which row wins when several match, so
 * any matching row's pricing is accepted); rule 2, else the default pricing; with neither, nothing is
 * asserted (not shown). Pure.
 */
export function expectedResolution(
  charge: ChargeDraft,
  attributes: Record<string, string>,
): { rule: RuleId; acceptable: Pricing[] } | null {
  const matching = charge.rateCards.filter((row) => rowMatches(row, attributes));
  if (matching.length > 0)
    return { rule: 'billing.charges.query.rate_card_match', acceptable: matching.map((row) => row.pricing) };
  if (charge.defaultPricing)
    return { rule: 'billing.charges.query.default_fallback', acceptable: [charge.defaultPricing] };
  return null;
}

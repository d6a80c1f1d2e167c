import type { Pricing } from '../../../rules/billing/adapters/model.ts';
import { samePricing } from '../../../rules/billing/adapters/model.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** The query resolved to one of the pricings the query rules allow for these attributes. */
export function pricingResolution(
  { exchange, resolved }: { exchange: Exchange; resolved: Pricing | null },
  acceptable: readonly Pricing[],
): Verdict {
  if (!acceptable.some((pricing) => samePricing(pricing, resolved))) {
    throw new Violation(
      `The query resolved to ${JSON.stringify(resolved)}; the rule allows ${acceptable.map((p) => JSON.stringify(p)).join(' or ')}`,
      [exchange],
    );
  }
  return passed();
}

import type { Pricing } from '../../adapters/billing/model.ts';
import { samePricing } from '../../adapters/billing/model.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** The query resolved to one of the pricings the query rules allow for these attributes. */
export function pricingResolution(
  { exchange, resolved }: { exchange: Exchange; resolved: Pricing | null },
  ruleId: RuleId,
  acceptable: readonly Pricing[],
): Verdict {
  if (!acceptable.some((pricing) => samePricing(pricing, resolved))) {
    throw new RuleViolation(
      ruleId,
      `The query resolved to ${JSON.stringify(resolved)}; the rule allows ${acceptable.map((p) => JSON.stringify(p)).join(' or ')}`,
      [exchange],
    );
  }
  return passed(ruleId);
}

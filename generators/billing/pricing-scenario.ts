import type { ChargeDraft } from '../../rules/billing/adapters/model.ts';

/** A charge to create, the attributes to query it with, and the rule the answer is judged by. */
export interface PricingScenario {
  charge: ChargeDraft;
  attributes: Record<string, string>;
}

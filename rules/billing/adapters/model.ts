/*
 * The harness's neutral model of the billing records the document leaves open ("Catalog records: not
 * shown"). Generators produce these; an adapter turns them into a target's wire bodies and back.
 */

export interface Pricing {
  /** ISO 4217-style code, three upper-case letters. */
  currency: string;
  amount: number;
}

export interface RateCardRow {
  /** Attribute name to the value it must equal for the row to match. */
  conditions: Record<string, string>;
  pricing: Pricing;
}

export interface ChargeDraft {
  name: string;
  description?: string;
  defaultPricing?: Pricing;
  rateCards: RateCardRow[];
}

export interface ChargeUpdate {
  defaultPricing?: Pricing;
  rateCards?: RateCardRow[];
}

export type ProductChargeModel = 'usage' | 'recurring' | 'other';

export interface ProductChargeDraft {
  name: string;
  model: ProductChargeModel;
  pricing: Pricing;
}

export interface PlanDraft {
  name: string;
  charges: ProductChargeDraft[];
}

export interface ProductDraft {
  name: string;
  plans: PlanDraft[];
}

export function samePricing(a: Pricing | null | undefined, b: Pricing | null | undefined): boolean {
  if (!a || !b) return (a ?? null) === (b ?? null);
  return a.currency === b.currency && a.amount === b.amount;
}

import type { ChargeDraft } from '../../rules/billing/adapters/model.ts';

/** A charge whose description is `length` plain characters, to steer the size of the response. Pure. */
export function paddedCharge(name: string, length: number): ChargeDraft {
  return {
    name,
    description: 'd'.repeat(Math.max(0, length)),
    defaultPricing: { currency: 'USD', amount: 1 },
    rateCards: [],
  };
}

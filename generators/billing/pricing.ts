import fc from 'fast-check';
import type { Pricing } from '../../rules/billing/adapters/model.ts';

/** Prices in whole cents, so that equality survives a JSON round trip. */
export const pricing: fc.Arbitrary<Pricing> = fc.record({
  currency: fc.constantFrom('USD', 'EUR', 'GBP'),
  amount: fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100),
});

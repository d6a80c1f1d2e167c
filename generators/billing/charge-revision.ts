import fc from 'fast-check';
import type { Pricing } from '../../rules/billing/adapters/model.ts';
import { pricing } from './pricing.ts';

/**
 * One PUT of a billing sequence: new default pricing for a charge the sequence made (`target`, counted back from the
 * latest), so that the second of two updates, and updates of one charge beside another, are read back.
 */
export interface ChargeRevision {
  target: number;
  pricing: Pricing;
}

/** Mostly the latest charge: a sequence's point is what one charge's updates come to, read back. */
export const chargeTarget: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.nat({ max: 3 }) },
);

export const chargeRevision: fc.Arbitrary<ChargeRevision> = fc.record({ target: chargeTarget, pricing });

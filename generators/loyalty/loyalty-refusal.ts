import { programCodes as documentProgramCodes } from '../../rules/loyalty/records.ts';
import fc from 'fast-check';
import type { LoyaltyOperation } from '../../rules/loyalty/records.ts';
import type { LoyaltyContext } from './bodies.ts';
import { earlierUse } from './earlier-use.ts';
import { loyaltyFieldCases } from './field-cases.ts';
import type { LoyaltyCase } from './loyalty-case.ts';

/**
 * A request a field rule refuses (one invalid value of one field, as the rule's own cases set it: `ruleId` and the
 * case's `index` among them), carrying a nonce and, for an order, a requestor_order_id fresh or of earlier requests (see
 * earlierUse): in a sequence, a refusal between a first use and a reuse, which must leave the used values used.
 */
export interface LoyaltyRefusal {
  ruleId: string;
  index: number;
  operation: LoyaltyOperation;
  nonceReuse: number | undefined;
  orderReuse: number | undefined;
}

// The number and kind of a rule's cases do not depend on the context, except the demographics the entry sets per program.
const shapeOnly: LoyaltyContext = {
  nowMs: 0,
  institutionId: 'institution',
  programCodes: documentProgramCodes,
  mandatory: () => [],
};
const refusedCases = Object.entries(loyaltyFieldCases)
  .filter(([ruleId]) => ruleId !== 'loyalty.transfer.program-demographics')
  .flatMap(([ruleId, cases]) =>
    cases(shapeOnly).flatMap((testCase, index) =>
      testCase.outcome === 'invalid' ? [{ ruleId, index, operation: testCase.operation }] : [],
    ),
  );

export const loyaltyRefusal: fc.Arbitrary<LoyaltyRefusal> = fc
  .record({ refused: fc.constantFrom(...refusedCases), nonceReuse: earlierUse, orderReuse: earlierUse })
  .map(({ refused, nonceReuse, orderReuse }) => ({ ...refused, nonceReuse, orderReuse }));

/** The refused case itself, for the run's context, and its value in words (without the status); pure. */
export function refusedCase(context: LoyaltyContext, refusal: LoyaltyRefusal): LoyaltyCase & { what: string } {
  const testCase = (loyaltyFieldCases[refusal.ruleId]?.(context) ?? [])[refusal.index];
  if (testCase?.outcome !== 'invalid') throw new Error(`${refusal.ruleId} has no refused case ${refusal.index}`);
  return { ...testCase, what: testCase.why.replace(/: 400$/, '') };
}

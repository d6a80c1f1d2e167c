import { loyaltyErrorBodies } from './loyalty-error-bodies.ts';
import { loyaltyJudged } from './loyalty-judged.ts';

/** The checks only loyalty rules cite. */
export const loyaltyChecks = {
  'loyalty-error-bodies': loyaltyErrorBodies,
  'loyalty-judged': loyaltyJudged,
} as const;

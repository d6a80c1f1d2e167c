import { cardsErrorBody } from './error-body.ts';

/** The checks only cards rules cite. */
export const cardsChecks = {
  'cards-error-body': cardsErrorBody,
} as const;

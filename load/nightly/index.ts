import { agenticNightly } from './agentic.ts';
import { billingNightly } from './billing.ts';
import { cardsNightly } from './cards.ts';
import { cdrNightly } from './cdr.ts';
import { custodyNightly } from './custody.ts';
import { exchangeNightly } from './exchange.ts';
import { loyaltyNightly } from './loyalty.ts';
import { shortenerNightly } from './shortener.ts';
import type { NightlyContext, NightlyScenarios } from './profile.ts';

export type { NightlyContext, NightlyScenarios } from './profile.ts';

/** The families with a nightly profile, by registry name; a family without one is reported as such. */
export const nightlyProfiles: Readonly<Record<string, (context: NightlyContext) => Promise<NightlyScenarios>>> = {
  billing: billingNightly,
  exchange: exchangeNightly,
  custody: custodyNightly,
  cdr: cdrNightly,
  cards: cardsNightly,
  shortener: shortenerNightly,
  agentic: agenticNightly,
  loyalty: loyaltyNightly,
};

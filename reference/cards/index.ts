import { randomBytes } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import { referenceFixtures } from './fixtures.ts';
import { cardsMutants } from './mutants/index.ts';

/** Reference modes: whether the partner signed up for mobile wallet provisioning. */
export const cardsReferenceModes = ['wallet-provisioning', 'no-wallet-provisioning'] as const;

/**
 * The card-on-demand part of the reference target. Its bearer token comes from REFERENCE_CARDS_TOKEN (token
 * issuance is not shown); an unset one is made fresh per process. Its state (cards, users, accounts, the
 * clock-relative histories) is made when it starts.
 */
export const cardsReference: FamilyReference = {
  prefix: '/cards/v1',
  modes: cardsReferenceModes,
  mutants: cardsMutants,
  ensureCredentials(env) {
    // not-a-limit: random bytes, not merchant codes
    env.REFERENCE_CARDS_TOKEN ??= randomBytes(24).toString('base64url');
  },
  create: async (options) => (await import('./create-handler.ts')).createCardsHandler(options),
  targetSection(baseUrl, mode, env) {
    return {
      baseUrl,
      token: env.REFERENCE_CARDS_TOKEN,
      walletProvisioning: mode !== 'no-wallet-provisioning',
      fixtures: referenceFixtures(),
    };
  },
};

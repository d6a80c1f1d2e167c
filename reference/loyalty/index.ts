import { randomBytes } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import type { ProgramCode } from '../../rules/loyalty/records.ts';
import { loyaltyMutants } from './mutants/index.ts';

/** The MAC client id of the reference. */
export const referenceMacId = 'reference-client';

/** The reference's mandatory demographics per program (the document's examples): LAST_NAME for the rest. */
export const referenceMandatoryDemographics = {
  PROGRAM_HOTEL_1: ['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'ADDR_LINE_1', 'STATE', 'COUNTRY'],
  PROGRAM_HOTEL_3: ['ADDR_LINE_1', 'CITY'],
} as const satisfies Partial<Record<ProgramCode, readonly string[]>>;

/**
 * The loyalty network part of the reference target. API key, MAC secret and bearer token come from
 * REFERENCE_LOYALTY_API_KEY, REFERENCE_LOYALTY_MAC_SECRET and REFERENCE_LOYALTY_TOKEN (made per run when unset);
 * the MAC recipe is the default of the target section (HMAC-SHA256 over ts, nonce, method, path, host, port and
 * bodyhash, SHA-256 base64 body hash, 5-minute window). Refusals of credentials are 403, of bodies 400.
 */
export const loyaltyReference: FamilyReference = {
  prefix: '/loyalty',
  modes: ['default'],
  mutants: loyaltyMutants,
  ensureCredentials(env) {
    env.REFERENCE_LOYALTY_API_KEY ??= randomBytes(18).toString('base64url');
    env.REFERENCE_LOYALTY_MAC_SECRET ??= randomBytes(24).toString('base64url');
    env.REFERENCE_LOYALTY_TOKEN ??= randomBytes(24).toString('base64url');
  },
  async create(options) {
    const { createLoyaltyHandler } = await import('./create-handler.ts');
    return createLoyaltyHandler(
      options,
      loyaltyReference.targetSection('http://127.0.0.1/loyalty', 'default', options.env),
    );
  },
  targetSection(baseUrl, _mode, env) {
    return {
      baseUrl,
      apiKey: env.REFERENCE_LOYALTY_API_KEY,
      mac: { id: referenceMacId, secret: env.REFERENCE_LOYALTY_MAC_SECRET },
      bearerToken: env.REFERENCE_LOYALTY_TOKEN,
      mandatoryDemographics: referenceMandatoryDemographics,
    };
  },
};

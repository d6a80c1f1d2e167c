import { randomBytes } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import { referenceContractInstanceId, referenceTagId } from './listings.ts';
import { custodyMutants } from './mutants/index.ts';
import { custodyDialects, listingSettingsFor } from './dialect.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';

/**
 * The custody part of the reference target. Its bearer token comes from REFERENCE_CUSTODY_TOKEN (the spec
 * does not show how custody tokens are issued); an unset one is made fresh per process. Cursor tokens are
 * signed with a key made per process.
 */
export const custodyReference: FamilyReference = {
  prefix: '/custody',
  modes: Object.keys(custodyDialects),
  mutants: custodyMutants,
  ensureCredentials(env) {
    env.REFERENCE_CUSTODY_TOKEN ??= randomBytes(24).toString('base64url');
  },
  create: async (options) => (await import('./create-handler.ts')).createCustodyHandler(options),
  targetSection(baseUrl, mode, env) {
    const section = {
      baseUrl,
      token: env.REFERENCE_CUSTODY_TOKEN,
      tagId: referenceTagId,
      contractInstanceId: referenceContractInstanceId,
      tokenBindsPageSize: true,
    };
    const dialect = custodyDialects[mode];
    return dialect && mode !== 'default'
      ? { ...section, listings: listingSettingsFor(dialect, custodyListingPaths) }
      : section;
  },
};

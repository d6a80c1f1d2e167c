import { randomBytes } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import { CursorTokens } from './cursor-token.ts';
import { ListingHandler } from './listing-handler.ts';
import { referenceContractInstanceId, referenceTagId } from './listings.ts';
import { custodyBehaviourFor, custodyMutants } from './mutants/index.ts';
import { handleCustody } from './router.ts';
import { type CustodyDialect, custodyDialects, listingSettingsFor } from './dialect.ts';
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
  create({ mode, mutant, env }) {
    const behaviour = custodyBehaviourFor(mutant);
    const tokens = new CursorTokens(randomBytes(32), behaviour.verifyMac, behaviour.strictTokenEncoding);
    const dialect = custodyDialects[mode] ?? (custodyDialects.default as CustodyDialect);
    const context = {
      behaviour,
      listings: new ListingHandler(behaviour, tokens, dialect),
      token: env.REFERENCE_CUSTODY_TOKEN as string,
      errorShape: dialect.errorShape,
    };
    return { handle: (req, res, path) => handleCustody(context, req, res, path) };
  },
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

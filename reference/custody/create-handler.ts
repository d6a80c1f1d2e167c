import { randomBytes } from 'node:crypto';
import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { CursorTokens } from './cursor-token.ts';
import { type CustodyDialect, custodyDialects } from './dialect.ts';
import { ListingHandler } from './listing-handler.ts';
import { custodyBehaviourFor } from './mutants/index.ts';
import { handleCustody } from './router.ts';

/** The custody reference's handler: imported when a reference starts (reference/custody/index.ts). */
export function createCustodyHandler({ mode, mutant, env }: FamilyReferenceOptions): FamilyHandler {
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
}

import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { withoutBodyFields } from './token-request-parts.ts';

const tokenFields = ['client_id', 'client_secret', 'grant_type'] as const;

/** Token requests with one, two or all three required fields left out. */
export function missingTokenField(valid: TokenRequestParts): Gen<InvalidCase<TokenRequestParts>> {
  const breaking = (missing: readonly string[]): InvalidCase<TokenRequestParts> => ({
    value: withoutBodyFields(valid, missing),
    breaks: 'billing.token.fields.required',
    why: `without ${missing.join(', ')}`,
  });
  return {
    boundaries: [...tokenFields.map((field) => breaking([field])), breaking(tokenFields)],
    arbitrary: fc.subarray([...tokenFields], { minLength: 1 }).map(breaking),
  };
}

import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import { identifierChar } from './alphabets.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { bodyFieldBreaking } from './token-request-parts.ts';
import { clientIdLength } from '../../rules/billing/limits.ts';

/** Token requests whose client_id is not a string of exactly 36 characters; the rest stays valid. */
export function invalidClientId(valid: TokenRequestParts): Gen<InvalidCase<TokenRequestParts>> {
  const realId = String(valid.body.client_id);
  const breaking = bodyFieldBreaking(valid, 'client_id', 'billing.token.client_id.length');
  const wrongLength = fc
    .oneof(fc.integer({ min: 0, max: clientIdLength - 1 }), fc.integer({ min: clientIdLength + 1, max: 120 }))
    .chain((length) => fc.string({ unit: identifierChar, minLength: length, maxLength: length }));
  return {
    boundaries: [
      breaking(
        realId.slice(0, clientIdLength - 1),
        `${clientIdLength - 1} characters (the real id without its last one)`,
      ),
      breaking(`${realId}0`, `${clientIdLength + 1} characters (the real id and one more)`),
      breaking('', 'empty string'),
      breaking(clientIdLength, 'a number, not a string'),
      breaking(null, 'null'),
    ],
    arbitrary: wrongLength.map((value) => breaking(value, `${value.length} characters`)),
  };
}

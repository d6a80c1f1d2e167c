import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { withHeader } from './token-request-parts.ts';

/** Upper-cases the letters of a header name chosen by a bit mask; pure (header names are case-insensitive). */
export function recaseHeaderName(name: string, mask: number): string {
  return [...name].map((char, index) => ((mask >> index) & 1 ? char.toUpperCase() : char.toLowerCase())).join('');
}

const forbidden = [
  { name: 'Authorization', value: 'Bearer harness-not-a-token' },
  { name: 'apiAccessKeyId', value: 'harness-access-key-id' },
  { name: 'apiSecretAccessKey', value: 'harness-secret-access-key' },
] as const;

/** Token requests carrying a header the token operation must not get, in any letter case. */
export function forbiddenTokenHeader(valid: TokenRequestParts): Gen<InvalidCase<TokenRequestParts>> {
  const breaking = (name: string, value: string): InvalidCase<TokenRequestParts> => ({
    value: withHeader(valid, name, value),
    breaks: 'billing.token.forbidden_headers',
    why: `carries ${name}`,
  });
  return {
    boundaries: [
      ...forbidden.map(({ name, value }) => breaking(name, value)),
      breaking('Authorization', 'Basic aGFybmVzczpoYXJuZXNz'),
    ],
    arbitrary: fc
      .tuple(fc.constantFrom(...forbidden), fc.nat())
      .map(([header, mask]) => breaking(recaseHeaderName(header.name, mask), header.value)),
  };
}

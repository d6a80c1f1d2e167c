import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import { identifierChar } from './alphabets.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { bodyFieldBreaking } from './token-request-parts.ts';
import { clientSecretMaxLength } from '../../rules/billing/limits.ts';

/** Pads a secret to a length with filler characters; pure. */
export function padTo(value: string, length: number, filler: string): string {
  return value.length >= length
    ? value
    : value + filler.repeat(Math.ceil((length - value.length) / filler.length)).slice(0, length - value.length);
}

/**
 * Token requests whose client_secret is longer than clientSecretMaxLength characters. The real secret is kept as a prefix,
 * so a target that only compares a prefix still has to reject the length.
 */
export function invalidClientSecret(valid: TokenRequestParts): Gen<InvalidCase<TokenRequestParts>> {
  const realSecret = String(valid.body.client_secret);
  const breaking = bodyFieldBreaking(valid, 'client_secret', 'billing.token.client_secret.length');
  return {
    boundaries: [
      breaking(padTo(realSecret, clientSecretMaxLength + 1, 'x'), `${clientSecretMaxLength + 1} characters`),
      breaking(padTo(realSecret, clientSecretMaxLength + 2, 'x'), `${clientSecretMaxLength + 2} characters`),
      breaking(padTo(realSecret, 512, 'x'), '512 characters'),
      breaking(clientSecretMaxLength, 'a number, not a string'),
    ],
    arbitrary: fc
      .tuple(
        fc.integer({ min: clientSecretMaxLength + 1, max: 400 }),
        fc.string({ unit: identifierChar, minLength: 1, maxLength: 8 }),
      )
      .map(([length, filler]) => breaking(padTo(realSecret, length, filler), `${length} characters`)),
  };
}

import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { bodyFieldBreaking } from './token-request-parts.ts';
import { grantType } from '../../rules/billing/limits.ts';

/** Token requests whose grant_type is anything but `client_credentials`. */
export function invalidGrantType(valid: TokenRequestParts): Gen<InvalidCase<TokenRequestParts>> {
  const grantTypeCase = bodyFieldBreaking(valid, 'grant_type', 'billing.token.grant_type.enum');
  const breaking = (value: unknown) => grantTypeCase(value, `grant_type ${JSON.stringify(value)}`);
  return {
    boundaries: [
      'password',
      grantType.toUpperCase(),
      `${grantType} `,
      grantType.slice(0, -1),
      '',
      'authorization_code',
      1,
    ].map(breaking),
    arbitrary: fc
      .string({ maxLength: 40 })
      .filter((value) => value !== grantType)
      .map(breaking),
  };
}

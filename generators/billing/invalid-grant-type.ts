import fc from 'fast-check';
import { billingRuleIds } from '../../rules/billing/ids.ts';
import type { Gen, InvalidCase } from '../gen.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { bodyFieldBreaking } from './token-request-parts.ts';

/** Token requests whose grant_type is anything but `client_credentials`. */
export function invalidGrantType(valid: TokenRequestParts): Gen<InvalidCase<TokenRequestParts>> {
  const grantType = bodyFieldBreaking(valid, 'grant_type', billingRuleIds.grantTypeEnum);
  const breaking = (value: unknown) => grantType(value, `grant_type ${JSON.stringify(value)}`);
  return {
    boundaries: [
      'password',
      'CLIENT_CREDENTIALS',
      'client_credentials ',
      'client_credential',
      '',
      'authorization_code',
      1,
    ].map(breaking),
    arbitrary: fc
      .string({ maxLength: 40 })
      .filter((value) => value !== 'client_credentials')
      .map(breaking),
  };
}

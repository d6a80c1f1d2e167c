import fc from 'fast-check';
import type { Gen, InvalidCase } from './gen.ts';
import type { RuleId } from '../rules/rule-id.ts';

/** A character of an RFC 6750 b64token, the form of any family's bearer token. */
const b64tokenChar = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+/'.split(''),
);

/**
 * Changes the last character of a token to a different one, also ignoring case (a hex token read case-insensitively is
 * still another token); pure.
 */
export function alterLastChar(token: string): string {
  const last = token.at(-1);
  return token.slice(0, -1) + (last?.toUpperCase() === 'A' ? 'B' : 'A');
}

/**
 * Authorization values that do not carry the valid token: altered, truncated, extended, wrong scheme,
 * empty. Derived from a real token, so a target that compares only a prefix is caught. Every family with
 * bearer auth uses it; `ruleId` is the family's rule that an accepted value breaks.
 */
export function invalidBearer(ruleId: RuleId, realToken: string): Gen<InvalidCase<string>> {
  const bad = (value: string, why: string): InvalidCase<string> => ({ value, breaks: ruleId, why });
  const fromToken = (value: string, why: string): InvalidCase<string> => ({
    ...bad(value, why),
    derivedFromSecret: true,
  });
  return {
    boundaries: [
      fromToken(`Bearer ${alterLastChar(realToken)}`, 'the real token with its last character changed'),
      fromToken(`Bearer ${realToken.slice(0, -1)}`, 'the real token without its last character'),
      fromToken(`Bearer ${realToken}x`, 'the real token with one more character'),
      fromToken(`Basic ${Buffer.from(`user:${realToken}`).toString('base64')}`, 'Basic scheme'),
      fromToken(realToken, 'the token without a scheme'),
      bad('Bearer', 'scheme without a token'),
      bad('Bearer harness-invalid-token', 'a token never issued'),
    ],
    arbitrary: fc
      .string({ unit: b64tokenChar, minLength: 1, maxLength: 80 })
      .filter((token) => token !== realToken)
      .map((token) => bad(`Bearer ${token}`, 'a random token')),
  };
}

import fc from 'fast-check';
import { hyphenatedUuidPattern } from '../../rules/billing/schemas.ts';
import type { Gen, InvalidCase } from '../gen.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { withHeader } from './token-request-parts.ts';

export const entityIdsHeader = 'Svc-Entity-Ids';

/** Replaces the character at a position; pure. */
export function replaceCharAt(value: string, position: number, char: string): string {
  return value.slice(0, position) + char + value.slice(position + 1);
}

/**
 * Token requests whose Svc-Entity-Ids is not a 36-character UUID with hyphens. Derived from a real
 * entity id so that only the form is wrong.
 */
export function invalidTokenEntityId(valid: TokenRequestParts, entityId: string): Gen<InvalidCase<TokenRequestParts>> {
  const breaking = (value: string, why: string): InvalidCase<TokenRequestParts> => ({
    value: withHeader(valid, entityIdsHeader, value),
    breaks: 'billing.token.entity_ids.uuid',
    why,
  });
  const hex = fc.constantFrom(...'0123456789abcdef'.split(''));
  return {
    boundaries: [
      breaking(entityId.replaceAll('-', ''), 'the UUID without hyphens (32 characters)'),
      // not-a-limit: a UUID of 35 characters, not the client_id length
      breaking(entityId.slice(0, 35), '35 characters'),
      breaking(`${entityId}0`, '37 characters'),
      breaking(`{${entityId}}`, 'in braces'),
      breaking(replaceCharAt(entityId, 0, 'g'), 'a non-hexadecimal character'),
      breaking(replaceCharAt(replaceCharAt(entityId, 8, entityId[9] ?? '0'), 9, '-'), 'a hyphen out of place'),
      breaking('entity-1', 'a non-UUID entity id'),
    ],
    arbitrary: fc
      .string({
        unit: fc.oneof(hex, fc.constant('-'), fc.constantFrom('g', 'z', ' ', '_')),
        minLength: 1,
        maxLength: 48,
      })
      .map((value) => value.trim())
      .filter((value) => value.length > 0 && !hyphenatedUuidPattern.test(value))
      .map((value) => breaking(value, `${JSON.stringify(value)} is not a hyphenated UUID`)),
  };
}

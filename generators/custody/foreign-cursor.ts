import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';

const ruleId = 'custody.cursor.foreign-token';
const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Replaces the character at `index` by another base64 character; pure. */
export function editCharAt(token: string, index: number): string {
  const at = Math.min(Math.max(index, 0), token.length - 1);
  const current = token[at] as string;
  const replacement = base64Alphabet[(base64Alphabet.indexOf(current) + 1) % base64Alphabet.length] ?? 'A';
  return token.slice(0, at) + (current === '=' ? 'A' : replacement) + token.slice(at + 1);
}

/** The same characters in base64url (`-` and `_` for `+` and `/`, no padding); pure. */
export function toBase64Url(token: string): string {
  return token.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Base64 of a JSON object that looks like a cursor; pure. */
export function jsonToBase64(record: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(record)).toString('base64');
}

/** Tokens a target may have produced, from which foreign ones are derived. */
export interface RealCursors {
  /** A token the target returned on the listing under test. */
  token: string;
  /** A token of another listing endpoint. */
  otherEndpointToken: string;
  /** A token of the same listing at another page size, when the target binds tokens to their size. */
  otherSizeToken?: string;
}

/**
 * cursor.currentPage values the server did not produce: the real token edited in one character, truncated,
 * re-encoded (base64url, padding removed or added), from another endpoint or page size, or base64 of
 * made-up cursor JSON. Variants equal to the real token are left out.
 */
export function foreignCursor(real: RealCursors): Gen<InvalidCase<string>> {
  const { token } = real;
  const bad = (value: string, why: string): InvalidCase<string> => ({ value, breaks: ruleId, why });
  const boundaries = [
    bad(editCharAt(token, 0), 'the real token edited in its first character'),
    bad(editCharAt(token, Math.floor(token.length / 2)), 'the real token edited in its middle character'),
    bad(editCharAt(token, token.replace(/=+$/, '').length - 1), 'the real token edited in its last data character'),
    bad(token.slice(0, -1), 'the real token without its last character'),
    bad(token.slice(0, Math.floor(token.length / 2)), 'the first half of the real token'),
    bad(toBase64Url(token), 'the real token re-encoded as base64url'),
    bad(token.replace(/=+$/, ''), 'the real token without its padding'),
    bad(`${token}=`, 'the real token with one more padding character'),
    bad(real.otherEndpointToken, 'a token of another listing endpoint'),
    ...(real.otherSizeToken ? [bad(real.otherSizeToken, 'a token of the same listing at another page size')] : []),
    // not-a-limit: made-up cursor JSON, not the shown page size.
    bad(jsonToBase64({ page: 2, pageSize: 20 }), 'base64 of made-up cursor JSON'),
    // not-a-limit: made-up cursor JSON, not the shown page size.
    bad(jsonToBase64({ offset: 20, limit: 20, direction: 'NEXT' }), 'base64 of made-up cursor JSON'),
  ].filter((invalid) => invalid.value !== token && invalid.value !== '');
  const edited = fc
    .nat({ max: token.length - 1 })
    .map((index) => bad(editCharAt(token, index), `the real token edited at character ${index + 1}`));
  const madeUp = fc
    .record({
      page: fc.nat({ max: 1000 }),
      pageSize: fc.integer({ min: 1, max: 100 }),
      id: fc.string({ maxLength: 12 }),
    })
    .map((record) => bad(jsonToBase64(record), 'base64 of made-up cursor JSON'));
  return { boundaries, arbitrary: fc.oneof(edited, madeUp).filter((invalid) => invalid.value !== token) };
}

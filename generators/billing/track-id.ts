import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import { trackIdChars } from './alphabets.ts';
import { trackIdForbiddenChars, trackIdMaxLength } from '../../rules/billing/limits.ts';

/*
 * Svc-Track-Id values on both sides of its documented limits (billing document, "Headers"): at most
 * trackIdMaxLength US-ASCII characters, none of the forbidden ones.
 */

/**
 * HTTP trims spaces at both ends of a header value, so a track id is never generated with them: the
 * echo could not be compared. Pure mapper.
 */
export function spaceEdgesToDots(value: string): string {
  return value.replace(/^ /, '.').replace(/ $/, '.');
}

/** Puts one forbidden character at a position inside a value; pure. */
export function insertAt(value: string, position: number, char: string): string {
  const at = Math.min(position, value.length);
  return value.slice(0, at) + char + value.slice(at);
}

const allowedString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...trackIdChars), minLength, maxLength }).map(spaceEdgesToDots);

/** Svc-Track-Id values that keep every rule: 1..trackIdMaxLength allowed characters. */
export const validTrackId: Gen<string> = {
  boundaries: [
    't',
    'x'.repeat(trackIdMaxLength),
    trackIdChars.join('').slice(0, trackIdMaxLength).replace(/^ /, '.'),
    'harness-trace/0001',
  ],
  arbitrary: allowedString(1, trackIdMaxLength),
};

/** Characters that break only the charset rule; all are sendable in a header (latin1 bytes included). */
const forbiddenTrackIdChars = [...trackIdForbiddenChars, '\u00e9', '\u00ff', '\u0080'];

const tooLong = (value: string): InvalidCase<string> => ({
  value,
  breaks: 'billing.headers.track_id.length',
  why: `${value.length} characters, over ${trackIdMaxLength}`,
});

const badChar = (value: string, char: string): InvalidCase<string> => ({
  value,
  breaks: 'billing.headers.track_id.charset',
  why: `contains ${JSON.stringify(char)}`,
});

/** Svc-Track-Id values that each break exactly one rule: the length or the character set. */
export const invalidTrackId: Gen<InvalidCase<string>> = {
  boundaries: [
    tooLong('y'.repeat(trackIdMaxLength + 1)),
    tooLong('trace-'.repeat(11)),
    ...forbiddenTrackIdChars.map((char) => badChar(`trace${char}42`, char)),
  ],
  arbitrary: fc.oneof(
    allowedString(trackIdMaxLength + 1, 200).map(tooLong),
    fc
      .tuple(allowedString(0, trackIdMaxLength - 2), fc.nat(), fc.constantFrom(...forbiddenTrackIdChars))
      .map(([value, position, char]) => badChar(insertAt(value, position, char), char)),
  ),
};

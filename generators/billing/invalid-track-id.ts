import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import { trackIdChars } from './alphabets.ts';
import { spaceEdgesToDots } from './valid-track-id.ts';
import { trackIdForbiddenChars, trackIdMaxLength } from '../../rules/billing/limits.ts';

/** Characters that break only the charset rule; all are sendable in a header (latin1 bytes included). */
const forbiddenTrackIdChars = [...trackIdForbiddenChars, '\u00e9', '\u00ff', '\u0080'];

const allowedString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...trackIdChars), minLength, maxLength }).map(spaceEdgesToDots);

/** Puts one forbidden character at a position inside a value; pure. */
export function insertAt(value: string, position: number, char: string): string {
  const at = Math.min(position, value.length);
  return value.slice(0, at) + char + value.slice(at);
}

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

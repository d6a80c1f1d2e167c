import fc from 'fast-check';

/** Characters allowed in identifiers the harness makes up: safe in headers, JSON and shells. */
export const identifierChar = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'.split(''),
);

/** Printable US-ASCII except : ; " ' (Svc-Track-Id's allowed set), space included. */
export const trackIdChars = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter(
  (char) => !':;"\''.includes(char),
);

/** Fixed-length identifier string. */
export function identifierOfLength(length: number): fc.Arbitrary<string> {
  return fc.string({ unit: identifierChar, minLength: length, maxLength: length });
}

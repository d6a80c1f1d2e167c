import fc from 'fast-check';
import type { Gen } from '../gen.ts';

/** The five parts of a compact JWE, in order. */
export const jweParts = [
  'protected header',
  'encrypted key',
  'initialisation vector',
  'ciphertext',
  'authentication tag',
] as const;
export type JwePart = (typeof jweParts)[number];

export interface Tampering {
  part: JwePart;
  /** Character of the part to change; its last character is never chosen (some of its bits may be padding). */
  at: number;
  why: string;
}

/** Changes one base64url character to another; pure. */
const otherChar = (char: string) => (char === 'A' ? 'B' : 'A');

/**
 * The JWE with one part altered. The protected header gets a member added (still valid JSON, so only the
 * integrity check can refuse it); the other parts get one character changed. Returns undefined when the part
 * is empty (direct key agreement has no encrypted key). Pure.
 */
export function tamper(jwe: string, tampering: Tampering): string | undefined {
  const parts = jwe.split('.');
  const index = jweParts.indexOf(tampering.part);
  const part = parts[index] as string;
  if (tampering.part === 'protected header') {
    const header = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    parts[index] = Buffer.from(JSON.stringify({ ...header, 'x-tampered': true })).toString('base64url');
  } else {
    if (part.length < 2) return undefined;
    const at = tampering.at % (part.length - 1);
    parts[index] = part.slice(0, at) + otherChar(part[at] as string) + part.slice(at + 1);
  }
  return parts.join('.');
}

/** Every part tampered at its first character, then random parts at random characters. */
export const tamperedJwe: Gen<Tampering> = {
  boundaries: jweParts.map((part) => ({ part, at: 0, why: `${part} altered` })),
  arbitrary: fc
    .tuple(fc.constantFrom(...jweParts), fc.nat({ max: 4096 }))
    .map(([part, at]) => ({ part, at, why: `${part} altered at character ${at}` })),
};

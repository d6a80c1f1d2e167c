import fc from 'fast-check';
import type { Gen } from '../gen.ts';
import { trackIdChars } from './alphabets.ts';
import { trackIdMaxLength } from '../../rules/billing/limits.ts';

/**
 * HTTP trims spaces at both ends of a header value, so a track id is never generated with them: the
 * echo could not be compared. Pure mapper.
 */
export function spaceEdgesToDots(value: string): string {
  return value.replace(/^ /, '.').replace(/ $/, '.');
}

/** Svc-Track-Id values that keep every rule: 1..trackIdMaxLength allowed characters (billing document, "Headers"). */
export const validTrackId: Gen<string> = {
  boundaries: [
    't',
    'x'.repeat(trackIdMaxLength),
    trackIdChars.join('').slice(0, trackIdMaxLength).replace(/^ /, '.'),
    'harness-trace/0001',
  ],
  arbitrary: fc
    .string({ unit: fc.constantFrom(...trackIdChars), minLength: 1, maxLength: trackIdMaxLength })
    .map(spaceEdgesToDots),
};

import fc from 'fast-check';
import type { Gen } from '../gen.ts';
import { identifierChar } from './alphabets.ts';

/** Idempotency-Key values that keep the 255-character limit; each run gets fresh keys. */
export const validIdempotencyKey: Gen<string> = {
  boundaries: ['k'.repeat(255), 'k'],
  arbitrary: fc.string({ unit: identifierChar, minLength: 16, maxLength: 255 }),
};

import fc from 'fast-check';
import type { Gen } from '../gen.ts';
import { identifierChar } from './alphabets.ts';
import { idempotencyKeyMaxLength } from '../../rules/billing/limits.ts';

/** Idempotency-Key values that keep the length limit; each run gets fresh keys. */
export const validIdempotencyKey: Gen<string> = {
  boundaries: ['k'.repeat(idempotencyKeyMaxLength), 'k'],
  arbitrary: fc.string({ unit: identifierChar, minLength: 16, maxLength: idempotencyKeyMaxLength }),
};

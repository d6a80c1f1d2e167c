import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import { identifierChar } from './alphabets.ts';
import { idempotencyKeyMaxLength } from '../../rules/billing/limits.ts';

/* Idempotency-Key values on both sides of its documented length limit (billing document, "Headers"). */

/** Idempotency-Key values that keep the length limit; each run gets fresh keys. */
export const validIdempotencyKey: Gen<string> = {
  boundaries: ['k'.repeat(idempotencyKeyMaxLength), 'k'],
  arbitrary: fc.string({ unit: identifierChar, minLength: 16, maxLength: idempotencyKeyMaxLength }),
};

const tooLong = (value: string): InvalidCase<string> => ({
  value,
  breaks: 'billing.headers.idempotency_key.length',
  why: `${value.length} characters, over ${idempotencyKeyMaxLength}`,
});

/** Idempotency-Key values over the length limit. */
export const invalidIdempotencyKey: Gen<InvalidCase<string>> = {
  boundaries: [
    tooLong('k'.repeat(idempotencyKeyMaxLength + 1)),
    tooLong('k'.repeat(idempotencyKeyMaxLength + 2)),
    tooLong('k'.repeat(1024)),
  ],
  arbitrary: fc.string({ unit: identifierChar, minLength: idempotencyKeyMaxLength + 1, maxLength: 2048 }).map(tooLong),
};

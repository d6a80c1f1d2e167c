import fc from 'fast-check';
import { billingRuleIds } from '../../rules/billing/ids.ts';
import type { Gen, InvalidCase } from '../gen.ts';
import { identifierChar } from './alphabets.ts';

const tooLong = (value: string): InvalidCase<string> => ({
  value,
  breaks: billingRuleIds.idempotencyKeyLength,
  why: `${value.length} characters, over 255`,
});

/** Idempotency-Key values over 255 characters. */
export const invalidIdempotencyKey: Gen<InvalidCase<string>> = {
  boundaries: [tooLong('k'.repeat(256)), tooLong('k'.repeat(257)), tooLong('k'.repeat(1024))],
  arbitrary: fc.string({ unit: identifierChar, minLength: 256, maxLength: 2048 }).map(tooLong),
};

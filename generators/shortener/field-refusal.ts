import fc from 'fast-check';
import { absent, type FieldRule, fieldRules } from './field-rules.ts';

/**
 * A request a field rule refuses (one invalid value of one field, on an otherwise plain entry, no vanity path): in a
 * vanity-path sequence, a refusal between a path's first use and its reuse, which must leave the taken paths as they
 * were.
 */
export interface FieldRefusal {
  rule: FieldRule;
  value: unknown;
}

export const fieldRefusal: fc.Arbitrary<FieldRefusal> = fc
  .constantFrom(...fieldRules.filter((rule) => rule.invalid.length > 0))
  .chain((rule) => fc.constantFrom(...rule.invalid).map((value) => ({ rule, value })));

/** The value in words, for a sequence's steps ("left out" for an absent field). */
export function refusedValueText({ rule, value }: FieldRefusal): string {
  return `${rule.field} ${value === absent ? 'left out' : JSON.stringify(value)}`;
}

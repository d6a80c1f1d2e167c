import fc from 'fast-check';
import type { MappingRequest } from '../../rules/shortener/records.ts';
import type { Gen } from '../gen.ts';
import { describeValue, fieldRule, type FieldValue } from './field-rules.ts';
import { plainEntry } from './plain-entry.ts';

/** A request whose one entry carries a value for the field under test; the others are valid. */
export interface FieldCase {
  body: Record<string, unknown>[];
  /** Whether the rule accepts the value (200) or refuses it (400). */
  accepted: boolean;
  /** Index of the entry that carries the value. */
  position: number;
  /** The same request with the plain baseline entry in place of the one under test: it must be accepted. */
  baseline: Record<string, unknown>[];
  why: string;
}

const place = (
  ruleId: string,
  others: MappingRequest[],
  position: number,
  value: FieldValue,
  accepted: boolean,
  base: MappingRequest,
): FieldCase => {
  const rule = fieldRule(ruleId);
  const body: Record<string, unknown>[] = [...others];
  body.splice(position, 0, rule.set(base, value));
  const baseline: Record<string, unknown>[] = [...others];
  baseline.splice(position, 0, base);
  return {
    body,
    accepted,
    position,
    baseline,
    why: `${rule.field} ${describeValue(value)} in entry ${position + 1} of ${body.length}: ${accepted ? 'accepted' : 'refused'}`,
  };
};

/**
 * Requests that judge one field rule: every valid value alone (must answer 200), every invalid value alone
 * and as the last of three entries (must answer 400), then random requests of one to four entries with a
 * valid or invalid value at a random position, so that a rule enforced on the first entry only is caught.
 * Every other entry, and every other field of the entry under test, is the plain baseline: the variants of
 * other fields belong to their own rules.
 */
export function fieldCase(ruleId: string, nowMs: number): Gen<FieldCase> {
  const rule = fieldRule(ruleId);
  const plain = plainEntry(nowMs);
  const others = (count: number) => Array.from({ length: count }, (_, index) => plainEntry(nowMs, index + 1));
  const valid = rule.valid(nowMs);
  return {
    boundaries: [
      ...valid.map((value) => place(ruleId, [], 0, value, true, plain)),
      ...rule.invalid.map((value) => place(ruleId, [], 0, value, false, plain)),
      ...rule.invalid.map((value) => place(ruleId, others(2), 2, value, false, plain)),
    ],
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 3 }), fc.nat(), fc.boolean(), fc.nat())
      .map(([count, at, accepted, pick]) => {
        const values = accepted ? valid : rule.invalid;
        return place(ruleId, others(count), at % (count + 1), values[pick % values.length], accepted, plain);
      }),
  };
}

import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';

const ruleId: RuleId = 'cdr.detail.unknown-product';
/** A prefix no holder gives its products, so a generated id cannot exist (no catalogue walk needed to know it). */
const prefix = 'harness-unknown-';

/**
 * Product ids no holder has: the prefix above and then letters, digits and dashes (a UUID among the
 * boundaries). Made without reading the target's catalogue, so the rule waits on no walk.
 */
export function unknownProductId(): Gen<InvalidCase<string>> {
  const invalid = (value: string, why: string) => ({ value, breaks: ruleId, why });
  return {
    boundaries: [`${prefix}00000000-0000-0000-0000-000000000000`, `${prefix}x`].map((id) =>
      invalid(id, `productId ${id}`),
    ),
    arbitrary: fc
      .string({ unit: fc.constantFrom(...'abcdef0123456789-'.split('')), minLength: 4, maxLength: 36 })
      .map((tail) => invalid(`${prefix}${tail}`, `productId ${prefix}${tail}`)),
  };
}

/**
 * `count` such ids for one seed (same seed, same ids), for rules that need a few unknown ids outside a property run.
 */
export function unknownProductIds(count: number, seed: number): string[] {
  return fc.sample(unknownProductId().arbitrary, { numRuns: count, seed }).map((invalid) => invalid.value);
}

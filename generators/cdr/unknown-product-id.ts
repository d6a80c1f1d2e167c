import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';

const ruleId = 'cdr.detail.unknown-product';

/**
 * Product ids the target does not list: a listed id with a character added or changed, made-up ids of
 * letters, digits and dashes. Ids the target does list are filtered out.
 */
export function unknownProductId(listed: readonly string[]): Gen<InvalidCase<string>> {
  const known = new Set(listed);
  const [sample = 'product'] = listed;
  const candidates = [`${sample}x`, `${sample.slice(0, -1)}${sample.endsWith('0') ? '1' : '0'}`, 'does-not-exist', '00000000-0000-0000-0000-000000000000'];
  const invalid = (value: string, why: string) => ({ value, breaks: ruleId, why });
  return {
    boundaries: candidates.filter((id) => !known.has(id)).map((id) => invalid(id, `productId ${id}`)),
    arbitrary: fc
      .string({ unit: fc.constantFrom(...'abcdef0123456789-'.split('')), minLength: 4, maxLength: 36 })
      .filter((id) => !known.has(id) && id !== '.' && id !== '..')
      .map((id) => invalid(id, `productId ${id}`)),
  };
}

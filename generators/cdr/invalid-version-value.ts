import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';

const boundaries = ['', '0', '-1', '1.5', 'abc', '00', '5a', '-0'];
/** Characters a header may carry without the client refusing it; no spaces (a parser would trim them away). */
const headerChars = fc.constantFrom(...'0123456789-.+abcxyzE_'.split(''));
/**
 * Whether any reasonable parser reads the value as a positive integer ('05', '+5', '1e1' included): such values are
 * never sent as invalid.
 */
const readsAsPositiveInteger = (value: string) => Number.isInteger(Number(value)) && Number(value) > 0;

/**
 * Values of a version header (x-v, x-min-v) that are not a positive integer: empty, zero, negative,
 * fractional, text; then random short strings of such characters. Forms a lenient parser reads as a positive
 * integer (05, +5, 1e1, 0x5) are left out: the document does not say how strictly the value is read. With `missing`,
 * leaving the header out (null) is a case too.
 */
export function invalidVersionValue(ruleId: RuleId, missing: boolean): Gen<InvalidCase<string | null>> {
  const cases = [...(missing ? [null] : []), ...boundaries];
  return {
    boundaries: cases.map((value) => ({
      value,
      breaks: ruleId,
      why: value === null ? 'header left out' : `value ${JSON.stringify(value)}`,
    })),
    arbitrary: fc
      .oneof(
        // not-a-limit: negative versions down to -1000, not the page-size maximum.
        fc.integer({ min: -1000, max: 0 }).map(String),
        fc
          .double({ min: 0.01, max: 99, noNaN: true })
          .filter((value) => !Number.isInteger(value))
          .map(String),
        fc.string({ unit: headerChars, minLength: 1, maxLength: 6 }),
      )
      .filter((value) => !readsAsPositiveInteger(value))
      .map((value) => ({ value, breaks: ruleId, why: `value ${JSON.stringify(value)}` })),
  };
}

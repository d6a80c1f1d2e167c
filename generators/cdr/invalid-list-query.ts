import fc from 'fast-check';
import type { ListQuery } from '../../rules/cdr/list-query.ts';
import { effectiveValues, productCategories } from '../../rules/cdr/enums.ts';
import type { Gen, InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { maxPageSize } from '../../rules/cdr/endpoints.ts';

const rules = {
  enumeration: 'cdr.list.invalid-enum',
  dateTime: 'cdr.list.invalid-updated-since',
  paging: 'cdr.list.invalid-paging',
  pageSizeMax: 'cdr.list.page-size-above-max',
} as const;

const invalid = (value: ListQuery, breaks: RuleId, why: string): InvalidCase<ListQuery> => ({ value, breaks, why });
const known = new Set<string>([...effectiveValues, ...productCategories]);
const word = fc
  .string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPRSTUVWXYZ_'.split('')), minLength: 1, maxLength: 12 })
  .filter((value) => !known.has(value));

/**
 * A list query with one parameter out of its domain, each case naming the rule it breaks: an effective or
 * product-category outside its enumeration, an updated-since that is not RFC 3339 (a date alone, no offset,
 * month 13, words, epoch seconds), a page or page-size that is not a positive integer, a page-size above the maximum
 * (1001 first).
 */
export const invalidListQuery: Gen<InvalidCase<ListQuery>> = {
  boundaries: [
    ...['NOW', 'PAST', 'EVERYTHING'].map((value) =>
      invalid({ effective: value }, rules.enumeration, `effective=${value}`),
    ),
    ...['SAVINGS', 'CREDIT_CARDS', 'NOT_A_CATEGORY'].map((value) =>
      invalid({ productCategory: value }, rules.enumeration, `product-category=${value}`),
    ),
    ...[
      '2024-01-01',
      '2024-01-01T10:00:00',
      '2024-13-01T00:00:00Z',
      '2024-02-30T00:00:00Z',
      'yesterday',
      '1700000000',
    ].map((value) => invalid({ updatedSince: value }, rules.dateTime, `updated-since=${value}`)),
    ...['0', '-1', '1.5', 'abc'].flatMap((value) => [
      invalid({ page: value }, rules.paging, `page=${value}`),
      invalid({ pageSize: value }, rules.paging, `page-size=${value}`),
    ]),
    ...[maxPageSize + 1, 5000].map((value) =>
      invalid({ pageSize: value }, rules.pageSizeMax, `page-size=${value} (above ${maxPageSize})`),
    ),
  ],
  arbitrary: fc.oneof(
    word.map((value) => invalid({ effective: value }, rules.enumeration, `effective=${value}`)),
    word.map((value) => invalid({ productCategory: value }, rules.enumeration, `product-category=${value}`)),
    fc
      .date({ noInvalidDate: true, min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z') })
      .map((date) => {
        const local = date.toISOString().slice(0, 19);
        return invalid({ updatedSince: local }, rules.dateTime, `updated-since=${local} (no offset)`);
      }),
    fc
      .tuple(
        fc.constantFrom('page', 'pageSize') as fc.Arbitrary<'page' | 'pageSize'>,
        fc.integer({ min: -500, max: 0 }),
      )
      .map(([key, value]) =>
        invalid({ [key]: value }, rules.paging, `${key === 'page' ? 'page' : 'page-size'}=${value}`),
      ),
    fc
      .integer({ min: maxPageSize + 1, max: 1_000_000 })
      .map((value) => invalid({ pageSize: value }, rules.pageSizeMax, `page-size=${value} (above ${maxPageSize})`)),
  ),
};

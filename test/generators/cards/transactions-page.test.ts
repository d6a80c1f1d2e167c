import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  invalidTransactionsPage,
  pagePartsToPage,
  transactionsPage,
} from '../../../generators/cards/transactions-page.ts';
import { rulesBrokenBy } from '../../../rules/cards/schemas.ts';
import { transactionsPageSchema } from '../../../rules/cards/transactions-schemas.ts';

const seed = 20261123;

describe('transactions page validator', () => {
  test('every generated page parses, the empty window and the page count cut at 500 included', () => {
    fc.assert(
      fc.property(transactionsPage, (page) => {
        expect(rulesBrokenBy(transactionsPageSchema, page)).toEqual([]);
      }),
      { seed, numRuns: 400 },
    );
    expect(
      rulesBrokenBy(transactionsPageSchema, pagePartsToPage({ totalCount: 0, pageSize: 500, pageNumber: 1 })),
    ).toEqual([]);
    expect(pagePartsToPage({ totalCount: 620, pageSize: 1, pageNumber: 500 }).paginationDetails.page.pageCount).toBe(
      500,
    );
  });
  test('each invalid variant breaks exactly the rule it names', () => {
    fc.assert(
      fc.property(invalidTransactionsPage, (invalid) => {
        expect(rulesBrokenBy(transactionsPageSchema, invalid.value), invalid.why).toEqual([invalid.breaks]);
      }),
      { seed, numRuns: 400 },
    );
  });
});

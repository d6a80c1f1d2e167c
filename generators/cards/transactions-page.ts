import fc from 'fast-check';
import { addDays } from '../../rules/cards/calendar.ts';
import type { InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { maxPageCount, maxPageSize } from '../../rules/cards/limits.ts';

type Page = Record<string, unknown> & {
  paginationDetails: { page: Record<string, number>; links: Record<string, string> };
  transactions: Record<string, unknown>[];
};

/**
 * The page `pageNumber` of a window of `totalCount` transactions at `pageSize`, as a conformant target gives it; pure.
 */
export function pagePartsToPage({
  totalCount,
  pageSize,
  pageNumber,
}: {
  totalCount: number;
  pageSize: number;
  pageNumber: number;
}): Page {
  const pageCount = Math.max(1, Math.min(maxPageCount, Math.ceil(totalCount / pageSize)));
  const link = (page: number) => `transactions?pageSize=${pageSize}&pageNumber=${page}`;
  const onPage = Math.max(0, Math.min(pageSize, totalCount - (pageNumber - 1) * pageSize));
  return {
    paginationDetails: {
      page: { pageSize, pageNumber, pageCount, totalCount },
      links: {
        first: link(1),
        last: link(pageCount),
        ...(pageNumber < pageCount ? { next: link(pageNumber + 1) } : {}),
        ...(pageNumber > 1 ? { previous: link(pageNumber - 1) } : {}),
      },
    },
    transactions: Array.from({ length: Math.min(onPage, 3) }, (_, index) => ({
      referenceNumber: `TX-${pageNumber}-${index}`,
      transactionDate: addDays('2026-01-31', -index),
      transactionType: index % 2 ? 'CREDIT' : 'CHARGE',
      // Negative for credits; a charge's sign is not said, so positive here.
      transactionAmount: { value: index % 2 ? '-12.50' : '40.00', currency: 'USD' },
      merchant: { country: 'US' },
    })),
  };
}

/** A page of GET /transactions that keeps rule 5 and the item formats: any window, size and page of it. */
export const transactionsPage: fc.Arbitrary<Page> = fc
  .record({ totalCount: fc.nat(3000), pageSize: fc.integer({ min: 1, max: maxPageSize }) })
  .chain(({ totalCount, pageSize }) =>
    fc
      .integer({ min: 1, max: Math.max(1, Math.min(maxPageCount, Math.ceil(totalCount / pageSize))) })
      .map((pageNumber) => pagePartsToPage({ totalCount, pageSize, pageNumber })),
  );

const withPage = (page: Page, change: Record<string, unknown>): Page => ({
  ...page,
  paginationDetails: {
    ...page.paginationDetails,
    page: { ...page.paginationDetails.page, ...change } as Record<string, number>,
  },
});
const withLinks = (page: Page, links: Record<string, string>): Page => ({
  ...page,
  paginationDetails: { ...page.paginationDetails, links },
});

/** Changes of a valid page that each break one rule. */
export const pageBreakers: readonly { breaks: RuleId; why: string; apply(page: Page): Page }[] = [
  {
    breaks: 'cards.transactions.page-details',
    why: 'totalCount as text',
    apply: (page) => withPage(page, { totalCount: String(page.paginationDetails.page.totalCount) }),
  },
  // The links follow the count, as a target that miscounts would make them: only the count is wrong.
  {
    breaks: 'cards.transactions.page-details',
    why: 'pageCount 501',
    apply: (page) =>
      withLinks(withPage(page, { pageCount: maxPageCount + 1 }), {
        ...page.paginationDetails.links,
        next: 'transactions?pageNumber=next',
      }),
  },
  {
    breaks: 'cards.transactions.page-details',
    why: 'pageNumber as text',
    apply: (page) => withPage(page, { pageNumber: String(page.paginationDetails.page.pageNumber) }),
  },
  {
    breaks: 'cards.transactions.page-details',
    why: 'pageSize left out',
    apply: (page) => withPage(page, { pageSize: undefined }),
  },
  {
    breaks: 'cards.transactions.links',
    why: 'no first link',
    apply: (page) => {
      const { first: _first, ...links } = page.paginationDetails.links;
      return withLinks(page, links);
    },
  },
  // next is optional: only one where no later page exists breaks the rule (the page is made the last).
  {
    breaks: 'cards.transactions.links',
    why: 'a next link on the last page',
    apply: (page) =>
      withLinks(withPage(page, { pageNumber: page.paginationDetails.page.pageCount as number }), {
        ...page.paginationDetails.links,
        next: 'transactions?pageNumber=999',
      }),
  },
  {
    breaks: 'cards.transactions.items',
    why: 'transactionType REFUND',
    apply: (page) => ({ ...page, transactions: [...page.transactions, { transactionType: 'REFUND' }] }),
  },
  {
    breaks: 'cards.transactions.items',
    why: 'a CREDIT with a positive transactionAmount',
    apply: (page) => ({
      ...page,
      transactions: [
        ...page.transactions,
        { transactionType: 'CREDIT', transactionAmount: { value: '12.50', currency: 'USD' } },
      ],
    }),
  },
  {
    breaks: 'cards.transactions.items',
    why: 'transactionDate of a day that does not exist',
    apply: (page) => ({ ...page, transactions: [...page.transactions, { transactionDate: '2026-02-30' }] }),
  },
];

/** A page that breaks exactly one named rule. */
export const invalidTransactionsPage: fc.Arbitrary<InvalidCase<Page>> = fc
  .tuple(transactionsPage, fc.constantFrom(...pageBreakers))
  .map(([page, breaker]) => ({ value: breaker.apply(page), breaks: breaker.breaks, why: breaker.why }));

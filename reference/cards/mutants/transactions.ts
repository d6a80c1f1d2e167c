import { addDays, daysBetween } from '../../../rules/cards/calendar.ts';
import { referenceBehaviour } from '../behaviour.ts';
import { historyCardIds } from '../fixtures.ts';
import { requestedWindow, windowRefusal } from '../window.ts';
import { mutant } from './define.ts';
import { maxPageSize, maxWindowDays } from '../../../rules/cards/limits.ts';

/** Mutants of GET /transactions, each breaking one rule, most at an edge or for some inputs only. */
export const transactionsMutants = [
  mutant(
    'cards-end-date-alone-accepted',
    'cards.transactions.dates-together',
    'endDate without startDate is accepted (the default window is answered).',
    {
      windowRefusal: (request) =>
        request.startDate === undefined && request.endDate !== undefined ? undefined : windowRefusal(request),
    },
  ),
  mutant(
    'cards-end-date-exclusive',
    'cards.transactions.dates-inclusive',
    'Transactions on endDate are left out of the window.',
    {
      inWindow: (day, { from, to }) => day >= from && day < to,
    },
  ),
  mutant(
    'cards-slashed-dates-accepted',
    'cards.transactions.parameter-formats',
    'Dates written with slashes (YYYY/MM/DD) are accepted as if written with hyphens.',
    {
      windowRefusal: (request) =>
        windowRefusal({
          ...request,
          ...(request.startDate ? { startDate: request.startDate.replaceAll('/', '-') } : {}),
          ...(request.endDate ? { endDate: request.endDate.replaceAll('/', '-') } : {}),
        }),
    },
  ),
  mutant(
    'cards-oldest-day-refused',
    'cards.transactions.window-age',
    'The oldest day less than 18 months old is refused as if 18 months old (off by one day).',
    {
      windowRefusal: (request) => windowRefusal({ ...request, today: addDays(request.today, 1) }),
    },
  ),
  mutant('cards-window-of-32-days-accepted', 'cards.transactions.window-span', 'Dates 32 days apart are accepted.', {
    windowRefusal: (request) =>
      request.startDate && request.endDate && daysBetween(request.startDate, request.endDate) === maxWindowDays + 1
        ? undefined
        : windowRefusal(request),
  }),
  mutant(
    'cards-card-windows-up-to-40-days',
    'cards.transactions.window-span',
    "A card's transactions may be asked for dates up to 40 days apart (an account's keep the 31-day limit).",
    {
      windowRefusal: (request) => {
        const span = request.startDate && request.endDate ? daysBetween(request.startDate, request.endDate) : 0;
        return request.byCard && span > maxWindowDays && span <= 40 ? undefined : windowRefusal(request);
      },
    },
  ),
  mutant(
    'cards-default-window-30-days',
    'cards.transactions.default-window',
    'Without dates only the most recent 30 days (today and the 29 before) are returned.',
    {
      window: (request) =>
        request.startDate && request.endDate
          ? requestedWindow(request)
          : { from: addDays(request.today, -29), to: request.today },
    },
  ),
  mutant(
    'cards-later-pages-oldest-first',
    'cards.transactions.newest-first',
    'Pages after the first list their transactions oldest first.',
    {
      pageItems: (page) => {
        const items = referenceBehaviour.pageItems(page);
        return page.pageNumber > 1 ? [...items].reverse() : items;
      },
    },
  ),
  mutant(
    'cards-default-page-size-250',
    'cards.transactions.page-size-default',
    'Without pageSize pages hold 250 transactions.',
    {
      defaultPageSize: 250,
    },
  ),
  mutant('cards-page-size-501-accepted', 'cards.transactions.page-size-limit', 'pageSize 501 is accepted.', {
    pageSizeAccepted: (size) => Number.isInteger(size) && size >= 1 && size <= maxPageSize + 1,
  }),
  // Serving a size above 500 is allowed; serving more than 500 transactions on one page is not.
  mutant(
    'cards-over-limit-serves-501',
    'cards.transactions.page-size-limit',
    'A pageSize above 500 is served as a page that says pageSize 500 but holds 501 transactions.',
    {
      pageSizeAccepted: (size) => Number.isInteger(size) && size >= 1,
      pageItems: (page) =>
        page.pageSize > maxPageSize ? page.all.slice(0, maxPageSize + 1) : referenceBehaviour.pageItems(page),
      pageNumbers: (page) => ({
        ...referenceBehaviour.pageNumbers(page),
        pageSize: Math.min(page.pageSize, maxPageSize),
      }),
    },
  ),
  mutant(
    'cards-default-page-number-2',
    'cards.transactions.page-number-default',
    'Without pageNumber the second page is answered.',
    {
      defaultPageNumber: 2,
    },
  ),
  mutant(
    'cards-total-count-of-page',
    'cards.transactions.page-details',
    'totalCount counts the transactions of the last page only, on that page.',
    {
      pageNumbers: (page) => {
        const numbers = referenceBehaviour.pageNumbers(page);
        return page.pageNumber === page.pageCount && page.pageCount > 1
          ? { ...numbers, totalCount: referenceBehaviour.pageItems(page).length }
          : numbers;
      },
    },
  ),
  // next and previous are optional: a link where no such page exists is the fault, not a missing one.
  mutant(
    'cards-first-page-has-previous',
    'cards.transactions.links',
    'The first page of a window of several pages carries a previous link (to itself).',
    {
      linkPages: (page) => {
        const links = referenceBehaviour.linkPages(page);
        return page.pageNumber === 1 && page.pageCount > 1 ? { ...links, previous: 1 } : links;
      },
    },
  ),
  mutant(
    'cards-full-last-page-has-next',
    'cards.transactions.links',
    'A full last page (the page size divides the window) still carries a next link, to an empty page past the end.',
    {
      linkPages: (page) => {
        const links = referenceBehaviour.linkPages(page);
        const full = page.all.length > 0 && page.all.length % page.pageSize === 0 && page.pageNumber === page.pageCount;
        return full ? { ...links, next: page.pageNumber + 1 } : links;
      },
    },
  ),
  mutant(
    'cards-next-link-off-target',
    'cards.transactions.links',
    'The next link of the first page names another host (a cloud metadata address) instead of the target.',
    {
      linkHref: (name, relative, page) =>
        name === 'next' && page.pageNumber === 1 ? `http://169.254.169.254/latest/meta-data/${relative}` : relative,
    },
  ),
  mutant(
    'cards-next-link-loop',
    'cards.transactions.links',
    'The next link of the second page leads back to the first page, so next links never end.',
    {
      linkPages: (page) => {
        const links = referenceBehaviour.linkPages(page);
        return page.pageNumber === 2 && links.next !== undefined ? { ...links, next: 1 } : links;
      },
    },
  ),
  mutant(
    'cards-third-page-previous-to-first',
    'cards.transactions.link-targets',
    'The previous link of the third page leads to the first page.',
    {
      linkPages: (page) => {
        const links = referenceBehaviour.linkPages(page);
        return page.pageNumber === 3 ? { ...links, previous: 1 } : links;
      },
    },
  ),
  mutant(
    'cards-pages-overlap-by-one',
    'cards.transactions.walk-complete',
    'Every page after the first starts with the last transaction of the page before (and the last one is never shown).',
    {
      pageItems: ({ all, pageSize, pageNumber }) =>
        pageNumber === 1
          ? all.slice(0, pageSize)
          : all.slice((pageNumber - 1) * pageSize - 1, pageNumber * pageSize - 1),
    },
  ),
  mutant(
    'cards-second-card-filter-ignored',
    'cards.transactions.card-scope',
    'Asked for by the second history card, the transactions of every card are returned.',
    {
      ofCard: (transactionCard, cardId) => cardId === historyCardIds[1] || transactionCard === cardId,
    },
  ),
  mutant('cards-credit-type-refund', 'cards.transactions.items', 'Credits say transactionType REFUND.', {
    transactionItem: (record) =>
      record.transactionType === 'CREDIT' ? { ...record, transactionType: 'REFUND' } : record,
  }),
  mutant(
    'cards-credit-positive-amount',
    'cards.transactions.items',
    'Credits are served with a positive transactionAmount.value (their minus sign dropped).',
    {
      transactionItem: (record) => {
        const amount = record.transactionAmount as { value?: unknown } | undefined;
        return record.transactionType === 'CREDIT' && typeof amount?.value === 'string'
          ? { ...record, transactionAmount: { ...amount, value: amount.value.replace(/^-/, '') } }
          : record;
      },
    },
  ),
];

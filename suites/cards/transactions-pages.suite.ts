import type { FollowedLink } from './checks/transactions-walk-checks.ts';
import { transactionsPageOf, walkTransactions, type TransactionsWalk } from './checks/transactions-walk.ts';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import type { TransactionsQuery } from './client/cards-client.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { addDays } from '../../rules/cards/calendar.ts';
import { maxPageCount, maxPageSize, transactionsPageSchema } from '../../rules/cards/transactions-schemas.ts';
import { dividingPageSize } from '../../generators/dividing-page-size.ts';
import { pageSizeCases } from '../../generators/cards/transactions-window.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { runDays } from './support/run-clock.ts';
import { transactionScopes } from './support/transaction-scopes.ts';
import { describeQuery, walkTransactionPages } from './support/walk-transactions.ts';

const session = useCardsSession();

/** A page size between the default and the small ones. not-a-limit: a size the harness picks, not a documented one. */
const middlePageSize = 100;

/**
 * Page sizes at which every page's links are judged against its own numbers: every size the walks use but the smallest,
 * and one whose last page is full.
 */
const linkSizes = [undefined, middlePageSize, 37, 7, 'dividing'] as const;

/**
 * Page sizes of the walks: the default's 500, sizes that rarely divide a window (down to 2, which stays under 500
 * pages), and one that divides it.
 */
const walkSizes = [maxPageSize, middlePageSize, 37, 7, 2, 'dividing'] as const;

/**
 * The windows walked: the default window (the busiest) of each scope (history account, empty account, a card), and an
 * older explicit one.
 */
async function windows(): Promise<TransactionsQuery[]> {
  const { client, section } = session();
  const { today } = runDays();
  const scopes = await transactionScopes(client, section);
  return [
    ...scopes,
    // not-a-limit: a window 100 to 70 days back, not the authorizations limit.
    { accountId: section.fixtures.historyAccountId, startDate: addDays(today, -100), endDate: addDays(today, -70) },
  ];
}

/**
 * A page size the walks take per window: a number, the default (undefined), or one that divides the window's total
 * exactly.
 */
type WalkSize = number | undefined | 'dividing';

/**
 * Walks of every window at the given sizes (undefined: no pageSize sent; 'dividing': a size whose last page
 * is full). A size at which the window would need more than 500 pages is left out for that window: the
 * target may cut pageCount there.
 */
async function walks(sizes: readonly WalkSize[], options: { partial?: boolean } = {}): Promise<TransactionsWalk[]> {
  const { client } = session();
  const perWindow = await Promise.all(
    (await windows()).map(async (window) => {
      const total = transactionsPageOf(await client.getTransactions(window)).paginationDetails?.page?.totalCount;
      const concrete = sizes
        .map((pageSize) =>
          pageSize === 'dividing'
            ? typeof total === 'number'
              ? (dividingPageSize(total, maxPageSize) ?? null)
              : null
            : pageSize,
        )
        .filter((pageSize) => pageSize !== null);
      const walkable = [...new Set(concrete)].filter(
        (pageSize) =>
          pageSize === undefined || typeof total !== 'number' || Math.ceil(total / pageSize) <= maxPageCount,
      );
      return Promise.all(
        walkable.map((pageSize) =>
          walkTransactionPages(client, pageSize === undefined ? window : { ...window, pageSize }, options),
        ),
      );
    }),
  );
  return perWindow.flat();
}

ruleTest('cards.transactions.walk-complete', async ({ check }) => (await walks(walkSizes)).map((walk) => check(walk)));

ruleTest('cards.transactions.newest-first', async ({ check }) =>
  (await walks([undefined, 37, 7])).map((walk) => check(walk)),
);

ruleTest('cards.transactions.page-details', async ({ observe, check }) => {
  const { client, section } = session();
  const verdicts = (await walks([undefined, middlePageSize, 7])).map((walk) => check(walk));
  // At page size 1 the busiest window needs more than 500 pages: pageCount must still be at most 500 (refusing the size
  // is left open).
  const query = { accountId: section.fixtures.historyAccountId, pageSize: 1, pageNumber: 1 };
  const exchange = await client.getTransactions(query);
  observe('page size 1 on the default window', exchange.response?.status);
  if (exchange.response?.status !== 400) {
    verdicts.push(
      check({
        description: describeQuery(query),
        pageSize: 1,
        pages: [{ exchange, page: transactionsPageOf(exchange) }],
        ended: 'end-reached',
      }),
    );
  }
  return verdicts;
});

ruleTest('cards.transactions.links', async ({ check }) => {
  const { client } = session();
  // The walks this rule judges may stop early (a loop, a link off the target): why is its own verdict.
  return (await walks(linkSizes, { partial: true })).map((walk) =>
    check({ walk, outside: (link) => client.linkOutside(link) }),
  );
});

ruleTest('cards.transactions.link-targets', async ({ check }) => {
  const { client } = session();
  const followedOnce = new Map<string, Promise<Exchange>>();
  // first and last are usually the same string on every page: each distinct link is fetched once.
  const follow = (link: string) =>
    followedOnce.get(link) ?? (followedOnce.set(link, client.follow(link)).get(link) as Promise<Exchange>);
  const walked = await walks([undefined, middlePageSize, 7]);
  // A link off the target is never requested: the links rule fails for it, and where it leads cannot be judged.
  for (const walk of walked) {
    for (const [index, { page, exchange }] of walk.pages.entries()) {
      for (const name of ['first', 'last', 'previous'] as const) {
        const link = page.paginationDetails?.links?.[name];
        const outside = link === undefined ? undefined : client.linkOutside(link);
        if (outside !== undefined)
          throw new PrerequisiteMissing(
            ['cards.transactions.links'],
            `${walk.description}: links.${name} of page ${index + 1} points outside the target (${outside}); it was not requested`,
            [exchange],
          );
      }
    }
  }
  return Promise.all(
    walked.map(async (walk) => {
      const followed = await Promise.all(
        walk.pages.flatMap(({ page }, from) =>
          (['first', 'last', 'previous'] as const).flatMap((name) => {
            const link = page.paginationDetails?.links?.[name];
            return link === undefined
              ? []
              : [follow(link).then((exchange): FollowedLink => ({ from, name, exchange }))];
          }),
        ),
      );
      return check({ walk, followed });
    }),
  );
});

ruleTest('cards.transactions.page-size-default', async ({ check }) => {
  const { client } = session();
  // Page 1 by number: the default page number is its own rule's.
  return Promise.all(
    (await windows()).map(async (window) => check(await client.getTransactions({ ...window, pageNumber: 1 }))),
  );
});

ruleTest('cards.transactions.page-size-limit', async ({ observe, check }) => {
  const { client, section, property, run } = session();
  const scopes = await transactionScopes(client, section);
  // Above 500 the document leaves refusing or serving at most 500 open: what the target did is reported.
  const overLimit = new Set<unknown>();
  const cases = await forAll(
    pageSizeCases,
    property({ runs: Math.ceil(run.runs / 4) }),
    async ({ value, accepted, why }) => {
      const verdicts = await Promise.all(
        scopes.map(async (scope) =>
          check({
            edge: await client.getTransactions({ ...scope, pageSize: value }),
            accepted,
            why: `${describeQuery(scope)}: ${why}`,
          }),
        ),
      );
      for (const verdict of verdicts)
        if (verdict.observations?.['page size above 500'] !== undefined)
          overLimit.add(verdict.observations['page size above 500']);
    },
  );
  observe('page sizes tried per scope', cases);
  observe('page sizes above 500 answered', [...overLimit].join('; '));
  return (await walks([undefined, maxPageSize, 7])).map((walk) => check(walk));
});

ruleTest('cards.transactions.page-number-default', async ({ check }) => {
  const { client } = session();
  return Promise.all(
    (await windows()).map(async (window) => {
      const [without, first] = await Promise.all([
        client.getTransactions({ ...window, pageSize: middlePageSize }),
        client.getTransactions({ ...window, pageSize: middlePageSize, pageNumber: 1 }),
      ]);
      return check({ without, first });
    }),
  );
});

ruleTest('cards.transactions.card-scope', async ({ check }) => {
  const { client, section } = session();
  const accountId = section.fixtures.historyAccountId;
  const accountWalk = await walkTransactionPages(client, { accountId });
  const cardIds = [
    ...new Set(
      walkTransactions(accountWalk)
        .map((item) => (item as { cardId?: unknown } | null)?.cardId)
        .filter((cardId): cardId is string => typeof cardId === 'string'),
    ),
  ].slice(0, 3);
  if (cardIds.length === 0)
    throw new Error(
      `the transactions of the history account ${accountId} name no cardId: the card scope cannot be judged`,
    );
  return Promise.all(
    cardIds.map(async (cardId) =>
      check({
        cardWalk: await walkTransactionPages(client, { cardId }),
        accountWalk,
        cardId,
      }),
    ),
  );
});

ruleTest('cards.transactions.items', async ({ check }) =>
  (await walks([undefined])).flatMap((walk) =>
    walk.pages.map(({ exchange }, index) =>
      check(exchange, {
        record: `${walk.description}, page ${index + 1}`,
        schema: transactionsPageSchema,
        statuses: [200, 206],
      }),
    ),
  ),
);

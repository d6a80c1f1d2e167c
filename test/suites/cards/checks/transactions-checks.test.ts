import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { pageSizeLimit } from '../../../../suites/cards/checks/page-size-limit.ts';
import { dividingPageSize } from '../../../../generators/dividing-page-size.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import {
  transactionsDefaultPageSize,
  transactionsEdgeRequest,
} from '../../../../suites/cards/checks/transactions-request-checks.ts';
import {
  transactionsInWindow,
  transactionsLinks,
  transactionsLinkTargets,
  transactionsNewestFirst,
  transactionsPageDetails,
  transactionsWalkComplete,
} from '../../../../suites/cards/checks/transactions-walk-checks.ts';
import type { TransactionsWalk } from '../../../../suites/cards/checks/transactions-walk.ts';
import { walkedPageSchema } from '../../../../rules/cards/transactions-schemas.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'cards.test.rule';
const item = (day: string, n: number) => ({
  referenceNumber: `TX-${day}-${n}`,
  transactionDate: day,
  transactionType: 'CHARGE',
});

/** A page body as a conformant target would give it, page `number` of `count` at `size` over `total`. */
function pageBody(items: unknown[], number: number, size: number, total: number, change: Record<string, unknown> = {}) {
  const count = Math.max(1, Math.ceil(total / size));
  const link = (page: number) => `transactions?pageSize=${size}&pageNumber=${page}`;
  const links = {
    first: link(1),
    last: link(count),
    ...(number < count ? { next: link(number + 1) } : {}),
    ...(number > 1 ? { previous: link(number - 1) } : {}),
  };
  return {
    paginationDetails: { page: { pageSize: size, pageNumber: number, pageCount: count, totalCount: total }, links },
    transactions: items,
    ...change,
  };
}

/** A synthetic walk over items at a page size, with an optional change of one page's body. */
function walkOf(
  items: unknown[],
  size: number,
  changePage?: (body: ReturnType<typeof pageBody>, index: number) => unknown,
): TransactionsWalk {
  const pages = [];
  for (let index = 0; index * size < Math.max(items.length, 1); index++) {
    const base = pageBody(items.slice(index * size, (index + 1) * size), index + 1, size, items.length);
    const exchange = jsonExchange(200, changePage ? changePage(base, index) : base);
    pages.push({ exchange, page: walkedPageSchema.parse(exchange.response?.json()) });
  }
  return { description: 'synthetic walk', pageSize: size, pages, ended: 'end-reached' };
}

/** Every link may be requested. */
const inside = () => undefined;

const items = ['2026-11-20', '2026-11-20', '2026-11-19', '2026-11-18', '2026-11-18', '2026-11-17', '2026-11-15'].map(
  (day, n) => item(day, n),
);

describe('transactions walk checks', () => {
  test('a conformant walk passes completeness, order, page details and links at sizes that divide and do not', () => {
    for (const size of [1, 2, 3, 7, 10]) {
      const walk = walkOf(items, size);
      expect(judged(transactionsWalkComplete, rule)(walk).observations).toEqual({
        transactions: 7,
        pages: walk.pages.length,
      });
      judged(transactionsNewestFirst, rule)(walk);
      judged(transactionsPageDetails, rule)(walk);
      judged(transactionsLinks, rule)({ walk, outside: inside });
    }
  });
  test('a repeated transaction, a short count or an unfinished walk fails completeness', () => {
    violationOf(
      () =>
        judged(
          transactionsWalkComplete,
          rule,
        )(
          walkOf([...items, items[0]], 3, (body) => ({
            ...body,
            paginationDetails: { ...body.paginationDetails, page: { ...body.paginationDetails.page, totalCount: 8 } },
          })),
        ),
      rule,
    );
    violationOf(
      () =>
        judged(
          transactionsWalkComplete,
          rule,
        )(
          walkOf(items, 3, (body) => ({
            ...body,
            paginationDetails: { ...body.paginationDetails, page: { ...body.paginationDetails.page, totalCount: 9 } },
          })),
        ),
      rule,
    );
    // An unfinished walk is the links rule's to judge: completeness is blocked by it.
    expect(() => judged(transactionsWalkComplete, rule)({ ...walkOf(items, 3), ended: 'repeated-step' })).toThrow(
      RuleBlocked,
    );
    // So is a walk cut short by a page without next although its numbers say a later page exists.
    expect(() => judged(transactionsWalkComplete, rule)({ ...walkOf(items, 3), ended: 'next-missing' })).toThrow(
      RuleBlocked,
    );
  });
  test('an older transaction before a newer one on the next page fails the order', () => {
    const walk = walkOf([...items.slice(0, 3), item('2026-11-21', 9), ...items.slice(3)], 3);
    expect(violationOf(() => judged(transactionsNewestFirst, rule)(walk), rule).message).toContain(
      '2026-11-21 follows one of 2026-11-19',
    );
  });
  test('a next link on the last page, a previous on the first, or a pageCount off by one fail; a missing (optional) previous passes', () => {
    const links = 'cards.transactions.links';
    violationOf(
      () =>
        judged(
          transactionsLinks,
          links,
        )({
          walk: walkOf(items, 3, (body, index) =>
            index === 2
              ? {
                  ...body,
                  paginationDetails: {
                    ...body.paginationDetails,
                    links: { ...body.paginationDetails.links, next: 'x' },
                  },
                }
              : body,
          ),
          outside: inside,
        }),
      links,
    );
    violationOf(
      () =>
        judged(
          transactionsLinks,
          links,
        )({
          walk: walkOf(items, 3, (body, index) =>
            index === 0
              ? {
                  ...body,
                  paginationDetails: {
                    ...body.paginationDetails,
                    links: { ...body.paginationDetails.links, previous: 'x' },
                  },
                }
              : body,
          ),
          outside: inside,
        }),
      links,
    );
    const { previous: _p, ...withoutPrevious } = pageBody(items.slice(3, 6), 2, 3, 7).paginationDetails.links;
    expect(
      judged(
        transactionsLinks,
        links,
      )({
        walk: walkOf(items, 3, (body, index) =>
          index === 1 ? { ...body, paginationDetails: { ...body.paginationDetails, links: withoutPrevious } } : body,
        ),
        outside: inside,
      }).ruleId,
    ).toBe(links);
    expect(
      judged(transactionsLinks, links)({ walk: { ...walkOf(items, 3), ended: 'next-missing' }, outside: inside })
        .observations?.['next links'],
    ).toMatch(/optional/);
    const details = 'cards.transactions.page-details';
    violationOf(
      () =>
        judged(
          transactionsPageDetails,
          details,
        )(
          walkOf(items, 3, (body) => ({
            ...body,
            paginationDetails: { ...body.paginationDetails, page: { ...body.paginationDetails.page, pageCount: 4 } },
          })),
        ),
      details,
    );
    // An issue of another rule is not this rule's: a missing first link does not fail the page details.
    judged(
      transactionsPageDetails,
      details,
    )(walkOf(items, 3, (body) => ({ ...body, paginationDetails: { ...body.paginationDetails, links: {} } })));
  });
  test('without a size asked, page details hold the pages to the size the first one says (the default is its own rule)', () => {
    const details = 'cards.transactions.page-details';
    judged(transactionsPageDetails, details)({ ...walkOf(items, 3), pageSize: undefined });
    const drifting = walkOf(items, 3, (body, index) =>
      index === 2
        ? {
            ...body,
            paginationDetails: {
              ...body.paginationDetails,
              page: { ...body.paginationDetails.page, pageSize: 4, pageCount: 2 },
            },
          }
        : body,
    );
    expect(
      violationOf(() => judged(transactionsPageDetails, details)({ ...drifting, pageSize: undefined }), details)
        .message,
    ).toContain('pageSize 4 (the first page says 3)');
  });
  test('a link outside the target, a loop or a page that does not advance fail the links rule, naming the link', () => {
    const links = 'cards.transactions.links';
    const offTarget = (link: string) => (link.startsWith('http://169.254.169.254') ? 'not the base URL' : undefined);
    const walk = walkOf(items, 3, (body, index) =>
      index === 1
        ? {
            ...body,
            paginationDetails: {
              ...body.paginationDetails,
              links: { ...body.paginationDetails.links, next: 'http://169.254.169.254/latest' },
            },
          }
        : body,
    );
    expect(violationOf(() => judged(transactionsLinks, links)({ walk, outside: offTarget }), links).message).toContain(
      'links.next of page 2 points outside the target and was not requested: http://169.254.169.254/latest',
    );
    const stops = [
      'repeated-step',
      'not-advancing',
      'repeated-records',
      'empty-pages',
      'growing-total',
      'page-cap',
      'unusable-step',
      'step-refused',
    ] as const;
    for (const ended of stops) {
      const note = 'links.next transactions?pageNumber=1 of page 3 was taken before';
      expect(
        violationOf(
          () => judged(transactionsLinks, links)({ walk: { ...walkOf(items, 3), ended, note }, outside: inside }),
          links,
        ).message,
      ).toContain(`(${note})`);
    }
  });
  test('a window walk with a transaction outside or one missing fails; the tolerated day passes', () => {
    const walk = walkOf(items, 10);
    const keys = items.map((entry) => entry.referenceNumber).map((reference) => `ref:${reference}`);
    expect(
      judged(
        transactionsInWindow,
        rule,
      )({ walk, expected: { from: '2026-11-15', to: '2026-11-20', mustInclude: keys, why: 'x' } }).ruleId,
    ).toBe(rule);
    violationOf(
      () =>
        judged(
          transactionsInWindow,
          rule,
        )({ walk, expected: { from: '2026-11-16', to: '2026-11-20', mustInclude: [], why: 'x' } }),
      rule,
    );
    expect(
      judged(
        transactionsInWindow,
        rule,
      )({
        walk,
        expected: { from: '2026-11-16', toleratedFrom: '2026-11-15', to: '2026-11-20', mustInclude: [], why: 'x' },
      }).ruleId,
    ).toBe(rule);
    violationOf(
      () =>
        judged(
          transactionsInWindow,
          rule,
        )({ walk, expected: { from: '2026-11-15', to: '2026-11-20', mustInclude: ['ref:TX-other'], why: 'x' } }),
      rule,
    );
  });
});

describe('transactions link targets', () => {
  test('first, last and previous must lead to the pages of the walk they name', () => {
    const walk = walkOf(items, 3);
    const [one, two, three] = walk.pages.map(({ exchange }) => exchange) as [
      ReturnType<typeof jsonExchange>,
      ReturnType<typeof jsonExchange>,
      ReturnType<typeof jsonExchange>,
    ];
    judged(
      transactionsLinkTargets,
      rule,
    )({
      walk,
      followed: [
        { from: 2, name: 'first', exchange: one },
        { from: 0, name: 'last', exchange: three },
        { from: 2, name: 'previous', exchange: two },
      ],
    });
    expect(
      violationOf(
        () => judged(transactionsLinkTargets, rule)({ walk, followed: [{ from: 2, name: 'previous', exchange: one }] }),
        rule,
      ).message,
    ).toContain('previous link of page 3 does not lead to page 2');
    expect(() => judged(transactionsLinkTargets, rule)({ walk: { ...walk, ended: 'page-cap' }, followed: [] })).toThrow(
      RuleBlocked,
    );
  });
});

describe('transactions request checks', () => {
  test('an edge request is judged accepted (200, 206) or refused (400 exactly)', () => {
    judged(transactionsEdgeRequest, rule)(jsonExchange(206, {}), { accepted: true, why: 'x' });
    violationOf(
      () => judged(transactionsEdgeRequest, rule)(jsonExchange(400, {}), { accepted: true, why: '31 days apart' }),
      rule,
    );
    violationOf(
      () => judged(transactionsEdgeRequest, rule)(jsonExchange(422, {}), { accepted: false, why: '32 days apart' }),
      rule,
    );
  });
  test('the default page says 500 and holds min(500, totalCount)', () => {
    const many = Array.from({ length: 500 }, (_, n) => item('2026-11-20', n));
    judged(transactionsDefaultPageSize, rule)(jsonExchange(200, pageBody(many, 1, 500, 620)));
    violationOf(
      () => judged(transactionsDefaultPageSize, rule)(jsonExchange(200, pageBody(many.slice(0, 250), 1, 250, 620))),
      rule,
    );
    violationOf(
      () => judged(transactionsDefaultPageSize, rule)(jsonExchange(200, pageBody(many.slice(0, 499), 1, 500, 620))),
      rule,
    );
  });
});

describe('page size limit: "max 500" states what a page holds, not how a larger size is answered', () => {
  const many = (count: number) => Array.from({ length: count }, (_, n) => item('2026-11-20', n));
  const edge = (status: number, body: unknown) => ({
    edge: jsonExchange(status, body),
    accepted: false,
    why: 'pageSize 501',
  });
  test('refused with 400 or served as at most 500 passes, and which one is observed', () => {
    expect(judged(pageSizeLimit, rule)(edge(400, { errors: [] })).observations).toEqual({
      'page size above 500': 'refused (400)',
    });
    expect(
      judged(pageSizeLimit, rule)(edge(200, pageBody(many(500), 1, 500, 900))).observations?.['page size above 500'],
    ).toContain('served (200, pageSize 500, 500 transactions)');
  });
  test('501 transactions, a pageSize said above 500, more than the said pageSize, or another status fail', () => {
    violationOf(() => judged(pageSizeLimit, rule)(edge(200, pageBody(many(501), 1, 500, 900))), rule);
    violationOf(() => judged(pageSizeLimit, rule)(edge(200, pageBody(many(3), 1, 501, 3))), rule);
    violationOf(() => judged(pageSizeLimit, rule)(edge(200, pageBody(many(30), 1, 20, 30))), rule);
    violationOf(() => judged(pageSizeLimit, rule)(edge(404, { errorCode: 'X' })), rule);
  });
});

describe('a full last page: the page size that divides the window', () => {
  test('dividingPageSize picks a divisor giving a full last page within the limit', () => {
    expect(dividingPageSize(600, 500)).toBe(300);
    expect(dividingPageSize(31, 500)).toBe(31);
    expect(dividingPageSize(1009, 500)).toBeUndefined();
    expect(dividingPageSize(0, 500)).toBeUndefined();
    for (const total of [2, 12, 97, 500, 501, 999, 1000]) {
      const size = dividingPageSize(total, 500);
      if (size !== undefined) expect(total % size, `total ${total}`).toBe(0);
      if (size !== undefined) expect(size).toBeLessThanOrEqual(500);
    }
  });
  test('a full last page that carries next fails the links rule', () => {
    const walk = walkOf(items.slice(0, 6), 3, (body, index) =>
      index === 1
        ? {
            ...body,
            paginationDetails: {
              ...body.paginationDetails,
              links: { ...body.paginationDetails.links, next: 'transactions?pageSize=3&pageNumber=3' },
            },
          }
        : body,
    );
    expect(
      violationOf(
        () => judged(transactionsLinks, 'cards.transactions.links')({ walk, outside: inside }),
        'cards.transactions.links',
      ).message,
    ).toContain('links.next');
  });
});

import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { emptyResult } from '../../../../suites/cdr/checks/empty-result.ts';
import { normalizedUrl } from '../../../../suites/cdr/checks/page-position.ts';
import { linksPresence } from '../../../../suites/cdr/checks/links-presence.ts';
import { linksSelf } from '../../../../suites/cdr/checks/links-self.ts';
import { linksValid } from '../../../../suites/cdr/checks/links-valid.ts';
import { listTotals } from '../../../../suites/cdr/checks/list-totals.ts';
import { pageSizes } from '../../../../suites/cdr/checks/page-sizes.ts';
import { walkBack } from '../../../../suites/cdr/checks/walk-back.ts';
import { walkComplete } from '../../../../suites/cdr/checks/walk-complete.ts';
import type { ListPage as ListResponse } from '../../../../suites/cdr/checks/product-walk.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';
import { correctPages, pageUrl, syntheticWalk, tenProducts } from './synthetic-list.ts';

const rule = 'test.rule';
const walkAt = (size: number, pages = correctPages(tenProducts, size)) => syntheticWalk(pages, size);
/** The correct pages at a size with one page changed. */
const changed = (size: number, pageIndex: number, change: (page: ListResponse) => ListResponse) =>
  correctPages(tenProducts, size).map((page, index) => (index === pageIndex ? change(page) : page));
const withoutLink = (name: keyof ListResponse['links']) => (page: ListResponse) => ({
  ...page,
  links: Object.fromEntries(Object.entries(page.links).filter(([key]) => key !== name)) as ListResponse['links'],
});

describe('walk-complete', () => {
  test('walks at 11, 1, 2, 3 and 7 of a correct holder pass', () => {
    expect(judged(walkComplete, rule)([11, 1, 2, 3, 7].map((size) => walkAt(size))).observations?.products).toBe(10);
  });
  test('a product missing between pages, a product twice, a short page, a walk ending before last and one that never ends fail', () => {
    const skipped = correctPages([...tenProducts.slice(0, 3), ...tenProducts.slice(4)], 3);
    violationOf(() => judged(walkComplete, rule)([walkAt(11), walkAt(3, skipped)]), rule);
    violationOf(
      () =>
        judged(
          walkComplete,
          rule,
        )([
          walkAt(11),
          walkAt(
            3,
            changed(3, 1, (page) => ({
              ...page,
              data: { products: [tenProducts[2], ...page.data.products.slice(1)] },
            })),
          ),
        ]),
      rule,
    );
    violationOf(
      () =>
        judged(
          walkComplete,
          rule,
        )([
          walkAt(11),
          walkAt(
            3,
            changed(3, 0, (page) => ({ ...page, data: { products: page.data.products.slice(0, 2) } })),
          ),
        ]),
      rule,
    );
    // Page 1's last link, asked by the harness, answered page 4, which the walk never reached.
    const endedEarly = {
      ...walkAt(3, correctPages(tenProducts, 3).slice(0, 3)),
      linked: new Map([[normalizedUrl(pageUrl(4, 3)), correctPages(tenProducts, 3)[3]]]),
    };
    expect(violationOf(() => judged(walkComplete, rule)([endedEarly]), rule).message).toContain(
      'links.last names no page the walk reached',
    );
    // The walk rule fails a walk that hit its cap; any other rule is blocked by it.
    violationOf(
      () =>
        judged(
          walkComplete,
          'cdr.pagination.walk-complete',
        )([syntheticWalk(correctPages(tenProducts, 2), 2, 'forward', 'page-cap')]),
      'cdr.pagination.walk-complete',
    );
    expect(() =>
      judged(walkComplete, rule)([syntheticWalk(correctPages(tenProducts, 2), 2, 'forward', 'page-cap')]),
    ).toThrow(RuleBlocked);
  });
});

describe('walk-back', () => {
  const back = (size: number, pages = correctPages(tenProducts, size)) =>
    syntheticWalk([...pages].reverse(), size, 'back');
  test('the pages in reverse pass', () => {
    expect(judged(walkBack, rule)({ forward: walkAt(3), back: back(3) }).observations).toEqual({ pages: 4 });
  });
  test('a page reversed on the way back, or a walk back that stops early, fails', () => {
    violationOf(
      () =>
        judged(
          walkBack,
          rule,
        )({
          forward: walkAt(3),
          back: back(
            3,
            changed(3, 1, (page) => ({ ...page, data: { products: [...page.data.products].reverse() } })),
          ),
        }),
      rule,
    );
    violationOf(
      () =>
        judged(
          walkBack,
          rule,
        )({
          forward: walkAt(3),
          back: syntheticWalk([...correctPages(tenProducts, 3)].reverse().slice(0, 3), 3, 'back'),
        }),
      rule,
    );
  });
});

describe('links-self and links-presence', () => {
  test('a correct walk passes both', () => {
    expect(judged(linksSelf, rule)([walkAt(3), walkAt(1)]).observations).toEqual({ pages: 14 });
    judged(linksPresence, rule)({ walks: [walkAt(3), walkAt(10)], pair: 'first-prev' });
    judged(linksPresence, rule)({ walks: [walkAt(3), walkAt(10)], pair: 'next-last' });
  });
  test("a self naming another page, or another page size fail links-self; a relative self is links-valid's", () => {
    const relative = walkAt(
      3,
      changed(3, 1, (page) => ({
        ...page,
        links: { ...page.links, self: '/cdr/v1/banking/products?page=2&page-size=3' },
      })),
    );
    expect(
      violationOf(() => judged(linksValid, rule)({ walks: [relative], outsideScope: () => undefined }), rule).message,
    ).toContain('links.self is not an absolute http(s) URI');
    const offHolder = walkAt(
      3,
      changed(3, 0, (page) => ({ ...page, links: { ...page.links, next: 'http://169.254.169.254/latest?page=2' } })),
    );
    const scope = (url: string) => (url.startsWith('https://holder.example/') ? undefined : 'not the holder');
    expect(
      violationOf(() => judged(linksValid, rule)({ walks: [offHolder], outsideScope: scope }), rule).message,
    ).toContain('links.next points outside the holder: http://169.254.169.254/latest?page=2');
    judged(linksValid, rule)({ walks: [walkAt(3)], outsideScope: scope });
    violationOf(
      () =>
        judged(
          linksSelf,
          rule,
        )([
          walkAt(
            3,
            changed(3, 2, (page) => ({ ...page, links: { ...page.links, self: pageUrl(2, 3) } })),
          ),
        ]),
      rule,
    );
    violationOf(
      () =>
        judged(
          linksSelf,
          rule,
        )([
          walkAt(
            3,
            changed(3, 0, (page) => ({ ...page, links: { ...page.links, self: pageUrl(1, 25) } })),
          ),
        ]),
      rule,
    );
  });
  test('a walk back stopped early (prev missing) names its pages by the forward pages they hold: every self right passes links-self', () => {
    const forward = walkAt(3);
    const back = { ...forward, direction: 'back' as const, pages: forward.pages.slice(3), forward };
    expect(judged(linksSelf, rule)([forward, back]).observations).toEqual({ pages: 5 });
  });
  test('links with a cursor instead of page are read by the pages they answered', () => {
    const cursor = (page: number) =>
      `https://holder.example/cdr/v1/banking/products?page-size=3&cursor=${Buffer.from(`p${page}`).toString('base64url')}`;
    const bodies = correctPages(tenProducts, 3).map((page) => ({
      ...page,
      links: Object.fromEntries(
        Object.entries(page.links).map(([name, url]) => [name, cursor(Number(new URL(url).searchParams.get('page')))]),
      ),
    }));
    // The walker asked page 1 by page=1, then followed next as given; every self link is a cursor the walk never
    // followed.
    const walk = {
      ...syntheticWalk(bodies, 3),
      pages: syntheticWalk(bodies, 3).pages.map((page, index) => ({
        ...page,
        exchange: {
          ...page.exchange,
          request: { ...page.exchange.request, url: index === 0 ? pageUrl(1, 3) : cursor(index + 1) },
        },
      })),
    };
    const located = { ...walk, linked: new Map([[normalizedUrl(cursor(1)), bodies[0]]]) };
    judged(linksSelf, rule)([located]);
    judged(walkComplete, rule)([located]);
    judged(linksPresence, rule)({ walks: [located], pair: 'first-prev' });
    judged(linksPresence, rule)({ walks: [located], pair: 'next-last' });
    // A self cursor that answers another page's products names that page.
    violationOf(
      () => judged(linksSelf, rule)([{ ...walk, linked: new Map([[normalizedUrl(cursor(1)), bodies[1]]]) }]),
      rule,
    );
  });
  test('first missing on the last page, prev on page 1, prev naming the wrong page fail first-prev', () => {
    violationOf(
      () =>
        judged(linksPresence, rule)({ walks: [walkAt(3, changed(3, 3, withoutLink('first')))], pair: 'first-prev' }),
      rule,
    );
    violationOf(
      () =>
        judged(
          linksPresence,
          rule,
        )({
          walks: [
            walkAt(
              3,
              changed(3, 0, (page) => ({ ...page, links: { ...page.links, prev: pageUrl(1, 3) } })),
            ),
          ],
          pair: 'first-prev',
        }),
      rule,
    );
    violationOf(
      () =>
        judged(
          linksPresence,
          rule,
        )({
          walks: [
            walkAt(
              3,
              changed(3, 2, (page) => ({ ...page, links: { ...page.links, prev: pageUrl(1, 3) } })),
            ),
          ],
          pair: 'first-prev',
        }),
      rule,
    );
  });
  test('last missing before the last page or next on the last page fail next-last; first on page 1 is only observed', () => {
    violationOf(
      () => judged(linksPresence, rule)({ walks: [walkAt(3, changed(3, 2, withoutLink('last')))], pair: 'next-last' }),
      rule,
    );
    violationOf(
      () =>
        judged(
          linksPresence,
          rule,
        )({
          walks: [
            walkAt(
              3,
              changed(3, 3, (page) => ({ ...page, links: { ...page.links, next: pageUrl(5, 3) } })),
            ),
          ],
          pair: 'next-last',
        }),
      rule,
    );
    const firstOnPageOne = changed(3, 0, (page) => ({ ...page, links: { ...page.links, first: pageUrl(1, 3) } }));
    expect(
      judged(linksPresence, rule)({ walks: [walkAt(3, firstOnPageOne)], pair: 'first-prev' }).observations,
    ).toEqual({
      'edge pages that also give first': 1,
    });
  });
  test('relative links are read against self', () => {
    const relative = changed(3, 1, (page) => ({
      ...page,
      links: { ...page.links, next: '?page-size=3&page=3', last: '?page-size=3&page=4' },
    }));
    judged(linksPresence, rule)({ walks: [walkAt(3, relative)], pair: 'next-last' });
  });
});

describe('a walk stopped at a link it could not follow: judged on the pages it read', () => {
  // Page 1 of four at size 3, its next no URL: the walk read page 1 only.
  const stopped = (pages = correctPages(tenProducts, 3)) => ({
    ...syntheticWalk(pages.slice(0, 1), 3, 'forward', 'unusable-step'),
    endNote: 'links.next is not a URL',
  });
  const whole = walkAt(11);
  test('totals and the walk back are judged against the list read as one page', () => {
    judged(listTotals, rule)([stopped()], () => whole);
    violationOf(
      () =>
        judged(listTotals, rule)(
          [stopped(changed(3, 0, (page) => ({ ...page, meta: { ...page.meta, totalRecords: 9 } })))],
          () => whole,
        ),
      rule,
    );
    const back = syntheticWalk([...correctPages(tenProducts, 3)].reverse(), 3, 'back');
    expect(judged(walkBack, rule)({ forward: stopped(), back, whole }).observations?.pages).toBe(4);
    violationOf(
      () =>
        judged(
          walkBack,
          rule,
        )({
          forward: stopped(),
          back: syntheticWalk([...correctPages(tenProducts.slice(1), 3)].reverse(), 3, 'back'),
          whole,
        }),
      rule,
    );
    // Without the whole list the walk back cannot be judged: blocked by the rule of the link.
    expect(() => judged(walkBack, rule)({ forward: stopped(), back })).toThrow(/blocked by cdr.links.valid/);
  });
  test('without the whole list, totals below what the pages read hold fail; totals that may be right are blocked', () => {
    const saying = (totalRecords: number, totalPages: number) =>
      stopped(changed(3, 0, (page) => ({ ...page, meta: { ...page.meta, totalRecords, totalPages } })));
    expect(() => judged(listTotals, rule)([stopped()])).toThrow(/blocked by cdr.links.valid/);
    // Page 1 holds 3 products: 2 records, or no page at all, cannot be the whole list's.
    expect(violationOf(() => judged(listTotals, rule)([saying(2, 4)]), rule).message).toMatch(/totalRecords 2/);
    expect(violationOf(() => judged(listTotals, rule)([saying(10, 0)]), rule).message).toMatch(/totalPages 0/);
  });
  test('a page holding products that says 0 pages claims nothing its links are judged by: blocked, not failed', () => {
    const noPages = stopped(
      changed(3, 0, (page) => ({ ...page, meta: { ...page.meta, totalRecords: 0, totalPages: 0 } })),
    );
    expect(() => judged(linksPresence, rule)({ walks: [noPages], pair: 'next-last' })).toThrow(
      /blocked by cdr.links.valid/,
    );
  });
  test('self links and sizes of the pages read are judged; a walk that looped is not', () => {
    judged(linksSelf, rule)([stopped()]);
    judged(pageSizes, rule)({ walk: stopped(), pageSize: 3 });
    violationOf(
      () =>
        judged(
          linksSelf,
          rule,
        )([stopped(changed(3, 0, (page) => ({ ...page, links: { ...page.links, self: pageUrl(1, 4) } })))]),
      rule,
    );
    violationOf(
      () =>
        judged(
          pageSizes,
          rule,
        )({
          walk: stopped(changed(3, 0, (page) => ({ ...page, data: { products: page.data.products.slice(0, 2) } }))),
          pageSize: 3,
        }),
      rule,
    );
    expect(() =>
      judged(linksSelf, rule)([syntheticWalk(correctPages(tenProducts, 3), 3, 'forward', 'repeated-step')]),
    ).toThrow(RuleBlocked);
  });
});

describe('list-totals, page-sizes, empty-result', () => {
  test('correct totals pass; a page whose totals differ or are numbers fails', () => {
    judged(listTotals, rule)([walkAt(3), syntheticWalk(correctPages([], 3), 3)]);
    violationOf(
      () =>
        judged(
          listTotals,
          rule,
        )([
          walkAt(
            3,
            changed(3, 3, (page) => ({ ...page, meta: { ...page.meta, totalRecords: 1 } })),
          ),
        ]),
      rule,
    );
    violationOf(
      () =>
        judged(
          listTotals,
          rule,
        )([
          walkAt(
            3,
            changed(3, 0, (page) => ({ ...page, meta: { ...page.meta, totalPages: 5 } })),
          ),
        ]),
      rule,
    );
  });
  test('pages of the default size pass; a page of 20 at the default 25 fails', () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ productId: `p${index}` }));
    judged(pageSizes, rule)({ walk: syntheticWalk(correctPages(many, 25), undefined), pageSize: 25 });
    violationOf(
      () => judged(pageSizes, rule)({ walk: syntheticWalk(correctPages(many, 20), undefined), pageSize: 25 }),
      rule,
    );
  });
  test('an empty page 1 with totals 0 passes; totalPages "1", a next link or a product fail', () => {
    const [empty] = correctPages([], 25) as [ListResponse];
    judged(emptyResult, rule)(jsonExchange(200, empty));
    violationOf(
      () => judged(emptyResult, rule)(jsonExchange(200, { ...empty, meta: { totalRecords: '0', totalPages: '1' } })),
      rule,
    );
    violationOf(
      () => judged(emptyResult, rule)(jsonExchange(200, { ...empty, links: { ...empty.links, next: pageUrl(2, 25) } })),
      rule,
    );
    violationOf(
      () => judged(emptyResult, rule)(jsonExchange(200, { ...empty, data: { products: [{ productId: 'x' }] } })),
      rule,
    );
    // Integer totals (the standard) and numeric strings (document 3) are both read.
    judged(emptyResult, rule)(jsonExchange(200, { ...empty, meta: { totalRecords: '0', totalPages: '0' } }));
  });
});

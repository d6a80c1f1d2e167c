import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../../client/http-exchange.ts';
import { type PageRoute, stopAt, walkPages } from '../../../suites/support/page-walker.ts';
import { WalkBudget } from '../../../suites/support/walk-budget.ts';

const bounds = { maxWalkPages: 2000, maxWalkRequests: 2500, maxWalkSeconds: 45, maxWalkBytes: 64 * 1024 * 1024 };

/** A page of a made-up listing: its records, the key of the step on (none: the last page), the total it claims. */
interface Page {
  records: string[];
  next?: string;
  total?: number;
  refused?: boolean;
}

/** Pages by key; the first is keyed `p1`. Each request is counted. */
function listing(pages: Record<string, Page | ((n: number) => Page)>) {
  const requested: string[] = [];
  const answer = (key: string): Exchange => {
    requested.push(key);
    const page = pages[key];
    const body = typeof page === 'function' ? page(requested.length) : page;
    return { request: { url: key }, durationMs: 1, page: body } as unknown as Exchange;
  };
  const route: PageRoute<Page> = {
    read: (exchange) => {
      const page = (exchange as unknown as { page?: Page }).page;
      return page && !page.refused ? page : stopAt('step-refused', `${exchange.request.url} held no page`);
    },
    advances: (before, page) => page.records.join() !== before.records.join() || page.records.length === 0,
    next: ({ page }) => {
      if (page.next === undefined) return undefined;
      if (page.next.startsWith('http://elsewhere')) return stopAt('unusable-step', `${page.next} is outside`);
      const key = page.next;
      return { key, label: `next ${key}`, send: async () => answer(key) };
    },
    records: (page) => page.records,
    total: (page) => page.total,
    totalName: 'the page count',
  };
  return { first: () => answer('p1'), route, requested };
}

async function walked(pages: Record<string, Page | ((n: number) => Page)>, limits = bounds) {
  const made = listing(pages);
  const walk = await walkPages(made.first(), made.route, limits, 'p1');
  return { ...walk, requested: made.requested, keys: walk.pages.map(({ exchange }) => exchange.request.url) };
}

describe('the one page walker: the loop, the bounds, the signs and the stop reasons for every family', () => {
  test('follows each step to the page that gives none: the end, every page held once', async () => {
    const walk = await walked({
      p1: { records: ['a', 'b'], next: 'p2' },
      p2: { records: ['c', 'd'], next: 'p3' },
      p3: { records: ['e'] },
    });
    expect([walk.ended, walk.keys]).toEqual(['end-reached', ['p1', 'p2', 'p3']]);
    expect(walk.note).toBeUndefined();
  });

  test('a last page that holds an earlier page’s records still ends the walk: a sign counts only while it goes on', async () => {
    const walk = await walked({
      p1: { records: ['a'], next: 'p2' },
      p2: { records: ['b'], next: 'p3' },
      p3: { records: ['a'] },
    });
    expect(walk.ended).toBe('end-reached');
  });

  test('a step taken before (the first page’s own) stops the walk before it is taken again', async () => {
    const walk = await walked({ p1: { records: ['a'], next: 'p2' }, p2: { records: ['b'], next: 'p1' } });
    expect([walk.ended, walk.requested]).toEqual(['repeated-step', ['p1', 'p2']]);
    expect(walk.note).toBe('next p1 of page 2 was taken before');
  });

  test('a step that gives the page before again does not advance', async () => {
    const walk = await walked({ p1: { records: ['a'], next: 'p2' }, p2: { records: ['a'], next: 'p3' } });
    expect([walk.ended, walk.note]).toEqual(['not-advancing', 'next p2 gave the same page again']);
  });

  test('fresh steps through the records of an earlier page are a loop, stopped where it shows', async () => {
    const walk = await walked({
      p1: { records: ['a'], next: 'p2' },
      p2: { records: ['b'], next: 'p3' },
      p3: { records: ['a'], next: 'p4' },
      p4: { records: ['z'] },
    });
    expect([walk.ended, walk.note, walk.requested]).toEqual([
      'repeated-records',
      'next p3 (page 3) holds the same 1 records as page 1',
      ['p1', 'p2', 'p3'],
    ]);
  });

  test('a route that names its records is read in its words', async () => {
    const made = listing({
      p1: { records: ['a'], next: 'p2' },
      p2: { records: ['b'], next: 'p3' },
      p3: { records: ['a'], next: 'p4' },
      p4: { records: ['z'] },
    });
    const walk = await walkPages(made.first(), { ...made.route, recordsName: 'products' }, bounds, 'p1');
    expect(walk.note).toBe('next p3 (page 3) holds the same 1 products as page 1');
  });

  test('pages empty while each promises more stop the walk after three in a row', async () => {
    const endless = (n: number): Page => ({ records: [], next: `p${n + 1}` });
    const walk = await walked(
      Object.fromEntries([['p1', { records: ['a'], next: 'p2' }], ...[2, 3, 4, 5, 6].map((n) => [`p${n}`, endless])]),
    );
    expect([walk.ended, walk.note]).toEqual(['empty-pages', 'pages 2 to 4 were empty and each still promised more']);
  });

  test('a total that grows on each of three pages stops the walk, before the empty pages it leads to', async () => {
    const growing = (n: number): Page => ({ records: n === 1 ? ['a'] : [], next: `p${n + 1}`, total: 10 + n });
    const walk = await walked(Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`p${n}`, growing])));
    expect([walk.ended, walk.note]).toEqual(['growing-total', 'the page count grew on each of pages 2 to 4 (now 14)']);
  });

  test('an endless walk of fresh pages stops at a bound, named with what it saw', async () => {
    const fresh = (n: number): Page => ({ records: [`r${n}`], next: `p${n + 1}` });
    const walk = await walked(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i + 1}`, fresh])), {
      ...bounds,
      maxWalkPages: 4,
    });
    expect(walk.ended).toBe('page-cap');
    expect(walk.note).toMatch(/^stopped by maxWalkPages \(4\): 4 pages read in .*; next p5 still given$/);
    expect(walk.requested).toHaveLength(4);
  });

  test('the family stops the walk where a step cannot be taken, or was answered without a page', async () => {
    const outside = await walked({ p1: { records: ['a'], next: 'http://elsewhere/p2' } });
    expect([outside.ended, outside.note, outside.requested]).toEqual([
      'unusable-step',
      'http://elsewhere/p2 is outside',
      ['p1'],
    ]);
    const refused = await walked({ p1: { records: ['a'], next: 'p2' }, p2: { records: [], refused: true } });
    expect([refused.ended, refused.keys, refused.requested]).toEqual(['step-refused', ['p1'], ['p1', 'p2']]);
  });

  test('a route’s own budget is the one the walk spends: another route after the walk spends what is left', async () => {
    const made = listing({
      p1: { records: ['a'], next: 'p2' },
      p2: { records: ['b'], next: 'p3' },
      p3: { records: ['c'], next: 'p4' },
      p4: { records: ['d'] },
    });
    const budget = new WalkBudget({ ...bounds, maxWalkRequests: 5 }, undefined);
    const walk = await walkPages(made.first(), { ...made.route, budget }, bounds, 'p1');
    expect([walk.ended, budget.requestsLeft]).toEqual(['end-reached', 1]);
    // Spent before the walk (by another route): the walk stops where the shared budget ends, not at its own bounds.
    const spent = new WalkBudget({ ...bounds, maxWalkRequests: 3 }, undefined);
    spent.spend(made.first());
    const short = await walkPages(made.first(), { ...made.route, budget: spent }, bounds, 'p1');
    expect([short.ended, short.pages.length]).toEqual(['page-cap', 2]);
    expect(short.note).toMatch(/^stopped by maxWalkRequests \(3, 3 requests\)/);
  });
});

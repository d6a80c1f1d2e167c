import { judged } from '../../../checks/judged.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { describe, expect, test } from 'vitest';
import { cursorFlags } from '../../../../suites/custody/checks/cursor-flags.ts';
import { cursorNewToken } from '../../../../suites/custody/checks/cursor-new-token.ts';
import { cursorPageSize } from '../../../../suites/custody/checks/cursor-page-size.ts';
import { cursorWalkBack } from '../../../../suites/custody/checks/cursor-walk-back.ts';
import { cursorWalkComplete } from '../../../../suites/custody/checks/cursor-walk-complete.ts';
import { violationOf } from '../../../checks/violation.ts';
import { correctPages, syntheticWalk, tenItems, type PageSpec } from './synthetic-walk.ts';

const rule = 'test.rule';
const walk = (pages: PageSpec[], size: number) => syntheticWalk(pages, size);
const forward = (size: number) => walk(correctPages(tenItems, size), size);
const back = (size: number) => syntheticWalk(correctPages(tenItems, size, 'back'), size, 'back');
const edit = (pages: PageSpec[], index: number, change: Partial<PageSpec>) =>
  pages.map((page, at) => (at === index ? { ...page, ...change } : page));

/** The block a judgement threw, or undefined. */
function blocked(run: () => unknown): RuleBlocked | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof RuleBlocked ? error : undefined;
  }
  return undefined;
}

describe('cursor-walk-complete', () => {
  test('walks at several sizes with the same items pass', () => {
    expect(judged(cursorWalkComplete, rule)([forward(1), forward(3), forward(5), forward(20)]).ruleId).toBe(rule);
  });
  test('an item duplicated across a page boundary is caught', () => {
    const pages = correctPages(tenItems, 5);
    violationOf(
      () =>
        judged(
          cursorWalkComplete,
          rule,
        )([forward(1), walk(edit(pages, 1, { items: ['i4', ...tenItems.slice(6)] }), 5)]),
      rule,
    );
  });
  test('a last page missing its last item when the size divides the list is caught', () => {
    const pages = correctPages(tenItems, 5);
    const violation = violationOf(
      () => judged(cursorWalkComplete, rule)([forward(1), walk(edit(pages, 1, { items: tenItems.slice(5, 9) }), 5)]),
      rule,
    );
    expect(violation.message).toContain('9 items');
  });
  test('items in another order are caught', () => {
    const swapped = ['i1', 'i0', ...tenItems.slice(2)];
    violationOf(() => judged(cursorWalkComplete, rule)([forward(1), walk(correctPages(swapped, 5), 5)]), rule);
  });
  test('a walk that met a repeated token or the page cap blocks it, by the rules that judge the end of a walk', () => {
    expect(
      blocked(() =>
        judged(
          cursorWalkComplete,
          rule,
        )([forward(1), syntheticWalk(correctPages(tenItems, 5), 5, 'forward', 'repeated-step')]),
      )?.blockedBy,
    ).toEqual(['custody.cursor.new-token']);
    expect(
      blocked(() =>
        judged(cursorWalkComplete, rule)([syntheticWalk(correctPages(tenItems, 5), 5, 'forward', 'page-cap')]),
      )?.blockedBy,
    ).toEqual(['custody.cursor.flags']);
    // A page that repeats the one before is the completeness rule's own failure, and blocks the others.
    violationOf(
      () =>
        judged(
          cursorWalkComplete,
          'custody.cursor.walk-complete',
        )([syntheticWalk(correctPages(tenItems, 5), 5, 'forward', 'repeated-records')]),
      'custody.cursor.walk-complete',
    );
    expect(
      blocked(() =>
        judged(
          cursorNewToken,
          'custody.cursor.new-token',
        )(syntheticWalk(correctPages(tenItems, 5), 5, 'forward', 'repeated-records')),
      )?.blockedBy,
    ).toEqual(['custody.cursor.walk-complete']);
    expect(
      blocked(() =>
        judged(cursorWalkComplete, rule)([syntheticWalk(correctPages(tenItems, 5), 5, 'forward', 'page-cap')]),
      )?.missing,
    ).toContain("within the walk's bounds");
  });
});

describe('cursor-walk-back', () => {
  test('the reverse of the forward walk passes', () => {
    expect(judged(cursorWalkBack, rule)({ forward: forward(3), back: back(3) }).ruleId).toBe(rule);
  });
  test('a PREVIOUS page with its items reversed is caught', () => {
    const pages = correctPages(tenItems, 3, 'back');
    const reversed = edit(pages, 1, { items: [...(pages[1]?.items ?? [])].reverse() });
    violationOf(
      () => judged(cursorWalkBack, rule)({ forward: forward(3), back: syntheticWalk(reversed, 3, 'back') }),
      rule,
    );
  });
  test('pages are compared as runs of items: a capped target, or a walk back whose pages are not aligned with the forward walk, passes', () => {
    // Pages of at most 3 whatever is asked (5): forward and back alike.
    const capped = syntheticWalk(correctPages(tenItems, 3), 5);
    expect(
      judged(
        cursorWalkBack,
        rule,
      )({ forward: capped, back: syntheticWalk(correctPages(tenItems, 3, 'back'), 5, 'back') }).ruleId,
    ).toBe(rule);
    // LAST holds the last 3 items, PREVIOUS the 3 before, the start a short page.
    const fromTheEnd = [tenItems.slice(7), tenItems.slice(4, 7), tenItems.slice(1, 4), tenItems.slice(0, 1)].map(
      (items, index) => ({ items, hasNext: index > 0, hasPrevious: index < 3 }),
    );
    expect(
      judged(cursorWalkBack, rule)({ forward: forward(3), back: syntheticWalk(fromTheEnd, 3, 'back') }).ruleId,
    ).toBe(rule);
  });
  test('a walk back holding an item twice, or more items than the forward walk, is caught', () => {
    const pages = correctPages(tenItems, 3, 'back');
    const twice = edit(pages, 1, { items: ['i6', 'i7', 'i8', 'i9'] });
    expect(
      violationOf(
        () => judged(cursorWalkBack, rule)({ forward: forward(3), back: syntheticWalk(twice, 3, 'back') }),
        rule,
      ).message,
    ).toContain('page 2 back holds 4 items');
    const extra = [...pages, { items: ['i0'], hasNext: true, hasPrevious: false }];
    expect(
      violationOf(
        () => judged(cursorWalkBack, rule)({ forward: forward(3), back: syntheticWalk(extra, 3, 'back') }),
        rule,
      ).message,
    ).toContain('more items than the 0 left');
  });
  test('a walk back that stops early (hasPrevious false too soon) is blocked by the flags rule, which judges it', () => {
    const early = () =>
      judged(
        cursorWalkBack,
        rule,
      )({ forward: forward(3), back: syntheticWalk(correctPages(tenItems, 3, 'back').slice(0, 2), 3, 'back') });
    expect(early).toThrow(RuleBlocked);
    violationOf(
      () =>
        judged(
          cursorWalkBack,
          'custody.cursor.flags',
        )({ forward: forward(3), back: syntheticWalk(correctPages(tenItems, 3, 'back').slice(0, 2), 3, 'back') }),
      'custody.cursor.flags',
    );
  });
});

describe('cursor-flags', () => {
  test('correct flags both ways pass', () => {
    expect(judged(cursorFlags, rule)({ forward: forward(4), back: back(4) }).ruleId).toBe(rule);
  });
  test('hasNext wrong on one middle page only is caught', () => {
    const pages = edit(correctPages(tenItems, 2), 2, { hasNext: false });
    violationOf(() => judged(cursorFlags, rule)({ forward: walk(pages, 2), back: back(2) }), rule);
  });
  test('hasPrevious true on the first page is caught', () => {
    violationOf(
      () =>
        judged(
          cursorFlags,
          rule,
        )({ forward: walk(edit(correctPages(tenItems, 2), 0, { hasPrevious: true }), 2), back: back(2) }),
      rule,
    );
  });
  test('a forward walk that ends early (hasNext false too soon) is caught by the page counts', () => {
    const short = correctPages(tenItems, 2).slice(0, 3);
    const ended = edit(short, 2, { hasNext: false });
    const violation = violationOf(() => judged(cursorFlags, rule)({ forward: walk(ended, 2), back: back(2) }), rule);
    expect(violation.message).toContain('after 3 pages');
  });
});

describe('cursor-page-size', () => {
  test('full pages and a shorter last page pass; an empty list is one empty page', () => {
    expect(judged(cursorPageSize, rule)(forward(3)).ruleId).toBe(rule);
    expect(judged(cursorPageSize, rule)(walk(correctPages([], 3), 3)).ruleId).toBe(rule);
  });
  test('a page over the size is caught; a short middle page is observed, not failed (nothing demands full pages)', () => {
    violationOf(
      () => judged(cursorPageSize, rule)(walk(edit(correctPages(tenItems, 3), 0, { items: ['a', 'b', 'c', 'd'] }), 3)),
      rule,
    );
    const short = judged(cursorPageSize, rule)(walk(edit(correctPages(tenItems, 3), 1, { items: ['a'] }), 3));
    expect(short.observations?.['pages before the last holding fewer than pageSize (observed: not demanded)']).toBe(
      'page 2: 1',
    );
  });
  test("an empty page after a full last page is the flags rule's (hasNext true on the full last page), not the page size rule's", () => {
    const pages = [
      ...edit(correctPages(tenItems, 5), 1, { hasNext: true }),
      { items: [], hasNext: false, hasPrevious: true, token: 't5-empty' },
    ];
    expect(judged(cursorPageSize, rule)(walk(pages, 5)).ruleId).toBe(rule);
    expect(
      violationOf(() => judged(cursorFlags, rule)({ forward: walk(pages, 5), back: back(5) }), rule).message,
    ).toContain('page 2 holds the last items but says hasNext true');
    expect(judged(cursorWalkBack, rule)({ forward: walk(pages, 5), back: back(5) }).ruleId).toBe(rule);
  });
});

describe('cursor-new-token', () => {
  test('a walk that reached its end passes; a repeated token fails with evidence; the page cap is the flags rule’s', () => {
    const id = 'custody.cursor.new-token';
    expect(judged(cursorNewToken, id)(forward(2)).ruleId).toBe(id);
    const loop = syntheticWalk(correctPages(tenItems, 2), 2, 'forward', 'repeated-step');
    expect(violationOf(() => judged(cursorNewToken, id)(loop), id).evidence.length).toBeGreaterThan(0);
    // Fresh tokens and fresh items on every page, hasNext never false: the flags never said "end".
    expect(
      blocked(() => judged(cursorNewToken, id)(syntheticWalk(correctPages(tenItems, 2), 2, 'forward', 'page-cap')))
        ?.blockedBy,
    ).toEqual(['custody.cursor.flags']);
  });
});

describe('each end the page walker gives a cursor walk is judged by the rule that states it', () => {
  const page3LikePage1 = [...correctPages(tenItems, 2).slice(0, 2), { ...(correctPages(tenItems, 2)[0] as PageSpec) }];
  test.each([
    ['not-advancing', correctPages(tenItems, 2), 'custody.cursor.new-token', /a second time/],
    ['unusable-step', correctPages(tenItems, 2), 'custody.cursor.new-token', /beyond the 65536 the harness sends back/],
    ['repeated-records', page3LikePage1, 'custody.cursor.walk-complete', /page 3 holds the same 2 items as page 1/],
    ['empty-pages', correctPages(tenItems, 2), 'custody.cursor.flags', /came back empty while hasNext/],
  ] as const)('%s', (ended, pages, blockedBy, message) => {
    const block = blocked(() => judged(cursorPageSize, rule)(syntheticWalk(pages, 2, 'forward', ended)));
    expect([block?.blockedBy, block?.missing]).toEqual([[blockedBy], expect.stringMatching(message)]);
  });
});

describe('a walk stopped short: the pages read before the stop are still judged', () => {
  const stopped = (pages: PageSpec[], size: number) => syntheticWalk(pages, size, 'forward', 'repeated-step');
  test("a fault of the rule's own property on those pages fails it; none blocks it by the walk-end rule", () => {
    const pages = correctPages(tenItems, 2).slice(0, 4);
    expect(() => judged(cursorFlags, rule)({ forward: stopped(pages, 2), back: back(2) })).toThrow(RuleBlocked);
    violationOf(
      () => judged(cursorFlags, rule)({ forward: stopped(edit(pages, 1, { hasPrevious: false }), 2), back: back(2) }),
      rule,
    );
    expect(() => judged(cursorPageSize, rule)(stopped(pages, 2))).toThrow(RuleBlocked);
    violationOf(() => judged(cursorPageSize, rule)(stopped(edit(pages, 1, { items: ['i1', 'i2', 'i3'] }), 2)), rule);
    expect(() => judged(cursorWalkComplete, rule)([stopped(pages, 2)])).toThrow(RuleBlocked);
    violationOf(() => judged(cursorWalkComplete, rule)([stopped(edit(pages, 1, { items: ['i1', 'i2'] }), 2)]), rule);
  });
  test("the page that stopped the walk is the walk-end rule's evidence, not judged here", () => {
    const looped = [...correctPages(tenItems, 2).slice(0, 3), { ...(correctPages(tenItems, 2)[2] as PageSpec) }];
    expect(() => judged(cursorWalkComplete, rule)([stopped(looped, 2)])).toThrow(RuleBlocked);
  });
});

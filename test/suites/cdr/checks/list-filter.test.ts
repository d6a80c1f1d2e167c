import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { listFilter } from '../../../../suites/cdr/checks/list-filter.ts';
import { filterVerdict, type RunClock } from '../../../../suites/cdr/checks/product-filter.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { violationOf } from '../../../checks/violation.ts';
import { correctPages, product, syntheticWalk } from './synthetic-list.ts';

const rule = 'test.rule';
const now = Date.parse('2026-06-01T00:00:00Z');
const day = 86_400_000;
const clock: RunClock = { fromMs: now - 60_000, toMs: now + 60_000 };
const at = (offsetDays: number) => new Date(now + offsetDays * day).toISOString();

const always = product(1);
const current = product(2, { effectiveFrom: at(-10), effectiveTo: at(10) });
const retired = product(3, { effectiveFrom: at(-100), effectiveTo: at(-10) });
const future = product(4, { effectiveFrom: at(10) });
const onTheEdge = product(5, { effectiveFrom: new Date(now + 30_000).toISOString() });
const everything = [always, current, retired, future, onTheEdge];

describe('filterVerdict', () => {
  test('CURRENT, FUTURE and ALL at the clock; an edge inside the clock span is undecided', () => {
    expect(everything.map((item) => filterVerdict(item, { effective: 'CURRENT' }, clock))).toEqual([
      'in',
      'in',
      'out',
      'out',
      'undecided',
    ]);
    expect(everything.map((item) => filterVerdict(item, { effective: 'FUTURE' }, clock))).toEqual([
      'out',
      'out',
      'out',
      'in',
      'undecided',
    ]);
    expect(everything.every((item) => filterVerdict(item, { effective: 'ALL' }, clock) === 'in')).toBe(true);
  });
  test('updated-since is strict; brand and category are exact', () => {
    const item = product(9, { lastUpdated: '2026-01-01T00:00:00Z', brand: 'Harbour', productCategory: 'LEASES' });
    expect(filterVerdict(item, { effective: 'ALL', updatedSince: '2026-01-01T00:00:00Z' }, clock)).toBe('out');
    expect(filterVerdict(item, { effective: 'ALL', updatedSince: '2026-01-01T09:59:59+10:00' }, clock)).toBe('in');
    expect(filterVerdict(item, { effective: 'ALL', brand: 'harbour' }, clock)).toBe('out');
    expect(filterVerdict(item, { effective: 'ALL', productCategory: 'LEASES', brand: 'Harbour' }, clock)).toBe('in');
    expect(
      filterVerdict(
        { ...item, lastUpdated: 'not a date' },
        { effective: 'ALL', updatedSince: '2026-01-01T00:00:00Z' },
        clock,
      ),
    ).toBe('undecided');
  });
});

describe('list-filter', () => {
  const judge = (returned: Record<string, unknown>[], effective: 'CURRENT' | 'FUTURE' | 'ALL') =>
    judged(
      listFilter,
      rule,
    )({ walk: syntheticWalk(correctPages(returned, 2), 2), filter: { effective }, universe: everything, clock });
  test('exactly the filtered products pass, whether or not the undecided one is there', () => {
    judge([always, current], 'CURRENT');
    judge([always, current, onTheEdge], 'CURRENT');
    judge([future], 'FUTURE');
  });
  test('a product the filter excludes, on any page, fails', () => {
    expect(violationOf(() => judge([always, current, retired], 'CURRENT'), rule).message).toContain('p3');
  });
  test('a product the filter includes that the walk never shows fails (the complement)', () => {
    expect(violationOf(() => judge([current], 'CURRENT'), rule).message).toContain('p1');
    violationOf(() => judge([], 'ALL'), rule);
  });
  test('a product that is no object is left to the record rules', () => {
    expect(filterVerdict(null, { effective: 'CURRENT' }, clock)).toBe('undecided');
    judge([always, current, null as unknown as Record<string, unknown>], 'CURRENT');
  });
  test('a walk that never ended blocks the filter rule, naming the walk rule', () => {
    const judge = () =>
      judged(
        listFilter,
        rule,
      )({
        walk: syntheticWalk(correctPages([always, current], 1), 1, 'forward', 'repeated-step'),
        filter: { effective: 'CURRENT' },
        universe: everything,
        clock,
      });
    expect(judge).toThrow(RuleBlocked);
    expect(judge).toThrow(/blocked by cdr.pagination.walk-complete/);
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ageOffsetToCase,
  oldWindowMargin,
  pageSizeCases,
  spanToCase,
  windowAgeCases,
  windowSpanCases,
} from '../../../generators/cards/transactions-window.ts';
import { daysBetween } from '../../../rules/cards/calendar.ts';
import { windowRefusal } from '../../../reference/cards/window.ts';
import { runDays } from '../../../suites/cards/support/run-clock.ts';

const days = runDays(Date.parse('2026-08-31T12:00:00Z'));
const seed = 42;

describe('transactions window edges', () => {
  test('the 18-month edge: the oldest accepted day and the day before it come first', () => {
    const [first, , before] = windowAgeCases(days).boundaries;
    expect(first).toMatchObject({ value: { startDate: '2025-03-01' }, accepted: true });
    expect(before).toMatchObject({
      value: { startDate: '2025-02-28' },
      accepted: false,
      breaks: 'cards.transactions.window-age',
    });
  });
  test('the 31-day edge: 31 days apart accepted, 32 refused', () => {
    expect(spanToCase('2026-07-01', 31)).toMatchObject({ accepted: true, value: { endDate: '2026-08-01' } });
    expect(spanToCase('2026-07-01', 32)).toMatchObject({ accepted: false, breaks: 'cards.transactions.window-span' });
    expect(
      windowSpanCases(days).boundaries.map((edge) => daysBetween(edge.value.startDate, edge.value.endDate)),
    ).toEqual(expect.arrayContaining([30, 31, 32, 33]));
  });
  test('span cases start clear of the 18-month edge, so a target off at that edge fails the age rule only', () => {
    const { boundaries, arbitrary } = windowSpanCases(days);
    for (const edge of [...boundaries, ...fc.sample(arbitrary, { seed, numRuns: 300 })]) {
      expect(daysBetween(days.oldestAccepted, edge.value.startDate), edge.why).toBeGreaterThanOrEqual(oldWindowMargin);
    }
  });
  test('every case, boundary or random, says what an independent reading of rule 3 says; same seed, same cases', () => {
    for (const gen of [windowAgeCases(days), windowSpanCases(days)]) {
      const cases = [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed, numRuns: 300 })];
      for (const edge of cases)
        expect(windowRefusal({ today: days.today, ...edge.value }) === undefined, edge.why).toBe(edge.accepted);
      expect(fc.sample(gen.arbitrary, { seed, numRuns: 300 })).toEqual(cases.slice(gen.boundaries.length));
    }
    expect(ageOffsetToCase(days, 3, 4)).toEqual(ageOffsetToCase(days, 3, 4));
  });
  test('page sizes: 500 accepted, 501 refused, every random one judged by the limit', () => {
    expect(pageSizeCases.boundaries.filter((edge) => !edge.accepted).map((edge) => edge.value)).toEqual([
      501, 502, 1000,
    ]);
    for (const edge of fc.sample(pageSizeCases.arbitrary, { seed, numRuns: 200 }))
      expect(edge.accepted).toBe(edge.value <= 500);
  });
});

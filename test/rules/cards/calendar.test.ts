import { describe, expect, test } from 'vitest';
import { addDays, daysBetween, eighteenMonthsAgo, monthsBefore } from '../../../rules/cards/calendar.ts';
import { runDays } from '../../../suites/cards/support/run-clock.ts';

describe('calendar of the date rules', () => {
  test('18 months before a day keeps the day of the month, or the month end when it has none', () => {
    expect(eighteenMonthsAgo('2026-11-23')).toBe('2025-05-23');
    expect(monthsBefore('2026-08-31', 18)).toBe('2025-02-28');
    expect(monthsBefore('2025-08-31', 18)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
  });
  test('days are added and counted across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-01', '2026-02-01')).toBe(31);
  });
  test('the run days come from the clock: the day 18 months ago refused, the next accepted', () => {
    const days = runDays(Date.parse('2026-03-31T23:59:59Z'));
    expect(days).toEqual({ today: '2026-03-31', refusedAge: '2024-09-30', oldestAccepted: '2024-10-01' });
  });
});

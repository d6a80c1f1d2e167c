import { defaultWindowDays, maxTransactionAgeMonths } from './limits.ts';

/*
 * Day arithmetic on YYYY-MM-DD strings in UTC, from the clock of the run: the date rules of GET /transactions
 * are computed from it, never from fixed dates.
 */

const dayMs = 86_400_000;

/** The UTC day of an instant, YYYY-MM-DD. */
export function dayOf(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * dayMs);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/** The same day `months` calendar months earlier, the month's last day when it has no such day (08-31 -> 02-28). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date, lastDay)));
}

/**
 * Rule 3 of GET /transactions: a date is accepted only when less than 18 months in the past, so this day and earlier
 * ones are refused.
 */
export function eighteenMonthsAgo(today: string): string {
  return monthsBefore(today, maxTransactionAgeMonths);
}

export { maxWindowDays } from './limits.ts';

/**
 * Rule 4: the window with no dates is the most recent 31 days; which of the two readings (today-30 or today-31 as its
 * first day) is not shown.
 */
export function defaultWindow(today: string): { surelyFrom: string; maybeFrom: string; to: string } {
  return {
    surelyFrom: addDays(today, 1 - defaultWindowDays),
    maybeFrom: addDays(today, -defaultWindowDays),
    to: today,
  };
}

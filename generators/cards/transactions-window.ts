import fc from 'fast-check';
import { addDays, maxWindowDays } from '../../rules/cards/calendar.ts';
import { maxPageSize } from '../../rules/cards/transactions-schemas.ts';
import type { Gen } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** The days of the run the date rules hang on (see suites/cards/support/run-clock.ts). */
export interface WindowDays {
  today: string;
  /** The most recent day 18 months old or older: refused. */
  refusedAge: string;
  /** The oldest day less than 18 months old: accepted. */
  oldestAccepted: string;
}

/** A transactions request at or around the edge of a rule: accepted, or refused for breaking the named rule. */
export interface EdgeCase<T> {
  value: T;
  accepted: boolean;
  /** The rule a refused case breaks. */
  breaks?: RuleId;
  why: string;
}

export type WindowCase = EdgeCase<{ startDate: string; endDate: string }>;

/** A window `span` days long starting `fromOldest` days after the oldest accepted day (negative: before it); pure. */
export function ageOffsetToCase(days: WindowDays, fromOldest: number, span: number): WindowCase {
  const startDate = addDays(days.oldestAccepted, fromOldest);
  const accepted = fromOldest >= 0;
  return {
    value: { startDate, endDate: addDays(startDate, span) },
    accepted,
    ...(accepted ? {} : { breaks: 'cards.transactions.window-age' }),
    why: `${startDate} to ${addDays(startDate, span)} (${fromOldest} days from the oldest day less than 18 months old)`,
  };
}

/**
 * Windows of at most 31 days whose start is around the 18-month edge: the oldest accepted day and the day
 * before it (the day 18 months ago) first, then random starts up to a year either side.
 */
export function windowAgeCases(days: WindowDays): Gen<WindowCase> {
  return {
    boundaries: [
      ageOffsetToCase(days, 0, 0),
      ageOffsetToCase(days, 0, maxWindowDays),
      ageOffsetToCase(days, -1, 0),
      ageOffsetToCase(days, -1, 10),
      ageOffsetToCase(days, -2, 5),
      ageOffsetToCase(days, -60, 20),
    ],
    arbitrary: fc
      .tuple(fc.integer({ min: -365, max: 365 }), fc.integer({ min: 0, max: maxWindowDays }))
      .map(([fromOldest, span]) => ageOffsetToCase(days, fromOldest, span)),
  };
}

/** A window of `span` days starting `start`; pure. */
export function spanToCase(start: string, span: number): WindowCase {
  const accepted = span <= maxWindowDays;
  return {
    value: { startDate: start, endDate: addDays(start, span) },
    accepted,
    ...(accepted ? {} : { breaks: 'cards.transactions.window-span' }),
    why: `${start} to ${addDays(start, span)}, ${span} days apart`,
  };
}

/** Days an old window starts after the oldest accepted day: clear of the 18-month edge, which is the age rule's. */
export const oldWindowMargin = 14;

/**
 * Windows from a recent day and from an old one (two weeks inside the 18-month edge, so a target off at that
 * edge fails the age rule only): 30, 31, 32 and 33 days apart first, then random spans up to a year.
 */
export function windowSpanCases(days: WindowDays): Gen<WindowCase> {
  const recent = addDays(days.today, -40);
  const old = addDays(days.oldestAccepted, oldWindowMargin);
  return {
    boundaries: [
      ...[0, maxWindowDays - 1, maxWindowDays, maxWindowDays + 1, maxWindowDays + 2, 45].map((span) =>
        spanToCase(recent, span),
      ),
      spanToCase(old, maxWindowDays),
      spanToCase(old, maxWindowDays + 1),
    ],
    arbitrary: fc
      .tuple(fc.constantFrom(recent, old, addDays(days.today, -200)), fc.integer({ min: 0, max: 366 }))
      .map(([start, span]) => spanToCase(start, span)),
  };
}

/** A page size; pure. */
export function sizeToCase(pageSize: number): EdgeCase<number> {
  const accepted = pageSize <= maxPageSize;
  return {
    value: pageSize,
    accepted,
    ...(accepted ? {} : { breaks: 'cards.transactions.page-size-limit' }),
    why: `pageSize ${pageSize}`,
  };
}

/** Page sizes: 1, both sides of the largest and twice it first, then random ones up to 5000. */
export const pageSizeCases: Gen<EdgeCase<number>> = {
  boundaries: [1, maxPageSize - 1, maxPageSize, maxPageSize + 1, maxPageSize + 2, 2 * maxPageSize].map(sizeToCase),
  arbitrary: fc.integer({ min: 1, max: 5000 }).map(sizeToCase),
};

import { addDays, daysBetween, eighteenMonthsAgo, maxWindowDays } from '../../rules/cards/calendar.ts';
import { isCalendarDate } from '../../rules/cards/formats.ts';
import { defaultWindowDays } from '../../rules/cards/limits.ts';

/** A transactions request as the reference reads it, after its parameters were validated. */
export interface WindowRequest {
  today: string;
  /** Whether the request asks for a card's transactions (else an account's). */
  byCard?: boolean;
  startDate?: string;
  endDate?: string;
}

/** Rules 2 and 3 of GET /transactions: both dates or neither, each less than 18 months old, at most 31 days apart. */
export function windowRefusal({ today, startDate, endDate }: WindowRequest): string | undefined {
  if ((startDate === undefined) !== (endDate === undefined)) return 'startDate and endDate must be sent together';
  if (startDate === undefined || endDate === undefined) return undefined;
  if (!isCalendarDate(startDate) || !isCalendarDate(endDate)) return 'startDate and endDate are YYYY-MM-DD';
  const oldest = eighteenMonthsAgo(today);
  if (startDate <= oldest || endDate <= oldest) return 'startDate and endDate must be less than 18 months in the past';
  if (endDate < startDate) return 'endDate may not be before startDate';
  if (daysBetween(startDate, endDate) > maxWindowDays) return 'startDate and endDate may be at most 31 days apart';
  return undefined;
}

/** The window a request asks for: its dates, or the most recent 31 days (today and the 30 before). */
export function requestedWindow({ today, startDate, endDate }: WindowRequest): { from: string; to: string } {
  return startDate && endDate
    ? { from: startDate, to: endDate }
    : { from: addDays(today, 1 - defaultWindowDays), to: today };
}

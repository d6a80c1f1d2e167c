import { addDays, dayOf, eighteenMonthsAgo } from '../../../rules/cards/calendar.ts';

/** The days the date rules are judged on, from the clock of the run (UTC), never fixed dates. */
export function runDays(now = Date.now()) {
  const today = dayOf(now);
  const refusedAge = eighteenMonthsAgo(today);
  return {
    today,
    /** The most recent day that is 18 months old or older: refused. */
    refusedAge,
    /** The oldest day less than 18 months old: accepted. */
    oldestAccepted: addDays(refusedAge, 1),
  };
}

import type { Exchange } from '../../../client/http-exchange.ts';
import { outcomeOf } from '../../../rules/cards/authorization-schemas.ts';
import { addDays } from '../../../rules/cards/calendar.ts';
import { isCalendarDate } from '../../../rules/cards/formats.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { recordPresent } from './record-behind.ts';

/** GET authorizations of a card, and the pages of its transactions read (the default window, newest first). */
export interface AuthorizationsAndTransactions {
  cardId: string;
  authorizations: Exchange;
  transactions: readonly Exchange[];
}

/** The items of a list field of a JSON answer, read leniently: none where the answer holds no such list. */
function itemsOf(exchange: Exchange, field: string): Record<string, unknown>[] {
  if (exchange.error || !exchange.response) return [];
  try {
    const list = (exchange.response.json() as Record<string, unknown> | null)?.[field];
    return Array.isArray(list) ? list.filter((item) => typeof item === 'object' && item !== null) : [];
  } catch {
    return [];
  }
}

const dayOfItem = (item: Record<string, unknown>) =>
  typeof item.authorizationDate === 'string' && isCalendarDate(item.authorizationDate)
    ? item.authorizationDate
    : undefined;

/**
 * "returns at most the last 100 authorizations of the card": the approved authorizations returned are the newest
 * approved ones. Their only other witness is the card's transactions, but document 2 never links a transaction's
 * authorizationId to the authorization records (every field of both is optional), so the witness counts only where
 * the target shows the link itself: a CHARGE names an authorization the list returns. Then an approved
 * authorization a CHARGE names and the list leaves out may not be dated more than a day (time zones) after the
 * oldest approved one returned. Declined authorizations have no witness and are not judged.
 */
export function authorizationsMostRecent(observed: AuthorizationsAndTransactions): Verdict {
  const { cardId, authorizations, transactions } = observed;
  recordPresent(authorizations, {
    record: `GET authorizations of ${cardId}`,
    statuses: [200],
    statusRule: 'cards.authorizations.limit',
  });
  const returned = itemsOf(authorizations, 'authorizationDetails');
  const approvedDays = returned
    .filter((item) => outcomeOf(item.authorizationStatus) === 'approved')
    .map(dayOfItem)
    .filter((day): day is string => day !== undefined)
    .sort();
  const oldest = approvedDays[0];
  if (oldest === undefined) return passed({ judged: 'no approved authorization with a date returned' });
  const ids = new Set<unknown>(returned.map((item) => item.authorizationId));
  const charges = transactions
    .flatMap((page) => itemsOf(page, 'transactions'))
    .filter((item) => item.transactionType === 'CHARGE' && typeof item.authorizationId === 'string');
  if (charges.length === 0) return passed({ judged: 'no CHARGE of the card naming its authorization was read' });
  if (!charges.some((item) => ids.has(item.authorizationId)))
    return passed({
      judged:
        'no CHARGE of the card names an authorization the list returns: the target does not link the two (document 2 does not either)',
    });
  const leftOut = charges.find((item) => {
    const day = dayOfItem(item);
    return !ids.has(item.authorizationId) && day !== undefined && day > addDays(oldest, 1);
  });
  if (leftOut !== undefined)
    throw new Violation(
      `GET authorizations of card ${cardId} left out the approved authorization ${String(leftOut.authorizationId)} of ${String(leftOut.authorizationDate)} (a CHARGE of the card names it) and returned one of ${oldest}: not the last authorizations`,
      [authorizations, ...transactions],
    );
  return passed({ charges: charges.length, oldestApprovedReturned: oldest });
}

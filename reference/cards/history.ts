import { addDays } from '../../rules/cards/calendar.ts';

/** A transaction of the reference: the record and the day it is filtered and ordered by. */
export interface ReferenceTransaction {
  cardId: string;
  day: string;
  /** Order within the day, later first. */
  sequence: number;
  record: Record<string, unknown>;
}

export interface ReferenceAuthorization {
  approved: boolean;
  at: number;
  record: Record<string, unknown>;
}

/** Last five digits of a reference card, stable per id. */
export function lastFiveOf(cardId: string): string {
  let hash = 7;
  for (const char of cardId) hash = (hash * 31 + char.charCodeAt(0)) % 100_000;
  return String(hash).padStart(5, '0');
}

/** Busy days (the most recent 31) carry more than 500 transactions in all, so the default page size shows. */
const perBusyDay = 20;

/**
 * The transaction history of some cards, relative to `today`: 20 a day over the most recent 31 days, then
 * one a day back to `days` days ago (more than 18 months by default), so every window has some and the
 * days at the 18-month edge have some.
 */
export function transactionsOf(cardIds: readonly string[], today: string, days = 600): ReferenceTransaction[] {
  const transactions: ReferenceTransaction[] = [];
  for (let offset = 0; offset < days; offset++) {
    const day = addDays(today, -offset);
    // not-a-limit: the busy days of the history, not a window
    const count = offset <= 30 ? perBusyDay : 1;
    for (let sequence = 0; sequence < count; sequence++) {
      const cardId = cardIds[(offset + sequence) % cardIds.length] as string;
      const credit = (offset + sequence) % 17 === 0;
      const value = `${credit ? '-' : ''}${((offset * 13 + sequence * 7) % 900) + 10}.${String((offset + sequence) % 100).padStart(2, '0')}`;
      transactions.push({
        cardId,
        day,
        sequence,
        record: {
          referenceNumber: `TX-${cardId}-${day}-${String(sequence).padStart(2, '0')}`,
          cardId,
          lastFive: lastFiveOf(cardId),
          authorizationId: `AUTH-${day.replaceAll('-', '')}-${sequence}`,
          transactionAmount: { value, currency: 'USD' },
          localAmount: { value, currency: 'USD' },
          authorizationDate: day,
          transactionDate: day,
          transactionType: credit ? 'CREDIT' : 'CHARGE',
          digitalWallet: 'Not applicable',
          transactionDescription: { line1: `Purchase ${sequence + 1}` },
          billingCycleDate: `${day.slice(0, 8)}28`,
          merchant: {
            name: 'Harness Supplies',
            city: 'Springfield',
            state: 'IL',
            country: 'US',
            postalCode: '62701-1234',
            SeNumber: '1234567890',
            categoryCode: '5111',
          },
        },
      });
    }
  }
  return transactions;
}

/** yyyy-MM-ddThh:mm:ss+00:00 of an instant. */
export function authorizationTimestamp(at: number): string {
  // not-a-limit: the seconds of an ISO timestamp, not a date age
  return `${new Date(at).toISOString().slice(0, 19)}+00:00`;
}

/** 160 authorizations of a card, an hour apart back from `now`: two approved for one declined. */
export function authorizationsOf(cardId: string, now: Date, count = 160): ReferenceAuthorization[] {
  return Array.from({ length: count }, (_, index) => {
    const at = now.getTime() - index * 3_600_000;
    const approved = index % 3 !== 0;
    return {
      approved,
      at,
      record: {
        authorizationId: `AUTH-${cardId}-${index}`,
        authorizationStatus: approved ? 'APPROVED' : 'DECLINED',
        authorizationAmount: `${(index % 50) + 1}.00`,
        authorizationCurrency: 'USD',
        authorizationDate: new Date(at).toISOString().slice(0, 10),
        authorizationTimestamp: authorizationTimestamp(at),
        ...(approved ? {} : { authorizationDeclineReason: 'INSUFFICIENT_FUNDS' }),
        lastFive: lastFiveOf(cardId),
        merchantNumber: '1234567890',
        merchantName: 'Harness Supplies',
        merchantCity: 'Springfield',
        merchantState: 'IL',
        merchantCountry: 'US',
        digitalWallet: 'Not applicable',
      },
    };
  });
}

/**
 * The transactions of a card's approved authorizations: a CHARGE per authorization, naming it (its id and day), so
 * the authorizations GET /authorizations leaves out are seen somewhere (cards.authorizations.most-recent).
 */
export function transactionsOfAuthorizations(
  cardId: string,
  authorizations: readonly ReferenceAuthorization[],
): ReferenceTransaction[] {
  const approved = authorizations.filter((entry) => entry.approved);
  return approved.map(({ record }, index) => {
    const day = String(record.authorizationDate);
    const value = String(record.authorizationAmount);
    return {
      cardId,
      day,
      // Newer authorizations first within a day.
      sequence: approved.length - index,
      record: {
        referenceNumber: `TX-${String(record.authorizationId)}`,
        cardId,
        lastFive: lastFiveOf(cardId),
        authorizationId: record.authorizationId,
        transactionAmount: { value, currency: 'USD' },
        authorizationDate: day,
        transactionDate: day,
        transactionType: 'CHARGE',
        merchant: { name: 'Harness Supplies', country: 'US' },
      },
    };
  });
}

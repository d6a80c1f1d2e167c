import type { IncomingMessage, ServerResponse } from 'node:http';
import { replyJson, startLocalServer } from '../../support/local-server.ts';

/*
 * GET /transactions of card on demand written from document 2, part B (rules 1 to 5 of GET /transactions:
 * newest first, dates together and inclusive, the default 31 days, paginationDetails with page numbers and
 * links), independently of the bundled reference: a second proof of the transactions page and link rules, each
 * page's links following from its own numbers. `startDocumentTransactions` serves this operation only (every
 * other path is 404); test/independent/cards/document-service.ts serves it beside the other operations.
 */

type Json = Record<string, unknown>;

/** What the document leaves to the implementation, and faults a multi-fault target plants (all off by default). */
export interface TransactionsChoices {
  /** A pageSize above 500: refused with 400 (default), or served as a page of 500 that says pageSize 500. */
  overLimit?: 'refuse' | 'serve-500';
  /** Links carry an opaque cursor instead of pageNumber and pageSize (the page says its own numbers). */
  cursorLinks?: boolean;
  /**
   * A cardId or accountId filter naming no card or account: refused with 404 (default), or answered with a page
   * without transactions (the document says nothing of a filter that matches nothing).
   */
  unknownFilter?: 'refuse' | 'empty-page';
  /** Only the required links, first and last: next and previous are optional strings. */
  onlyRequiredLinks?: boolean;
  /** Fault: a full last page (the total a multiple of the page size) still carries a next link, back to itself. */
  fullLastPageNext?: boolean;
  /** Fault: the next link of page 2 at page size 7 is built without its `?` (it leads nowhere). */
  brokenNextAtSize7?: boolean;
  /** Fault: credits of the history say transactionType REFUND. */
  refundCredits?: boolean;
  /**
   * The sign of a CHARGE's transactionAmount.value: positive (default) or negative too (the document says only
   * "negative for credits", nothing of a charge's sign).
   */
  chargeSign?: 'positive' | 'negative';
}

/** The transactions operation of one document-written target: its fixtures and its answer to a request. */
export interface TransactionsOperation {
  historyAccountId: string;
  emptyAccountId: string;
  /** Answers GET {mount}/transactions (authentication is checked by the caller). */
  answer(url: URL, res: ServerResponse): void;
  /** The authorizations of a card, newest first: an approved one per CHARGE (its id and day), a declined one every 4th day. */
  authorizationsOf(cardId: string): Json[];
}

/**
 * Which authorizations GET /authorizations returns of more than 100 ("at most the last 100 authorizations of the
 * card, being at most 50 approved and at most 50 declined"): the newest 50 of each outcome (default), or the newest
 * 100 with at most 50 of each kept.
 */
export type AuthorizationsReading = 'newest-of-each' | 'newest-100-capped';

/** The authorizations returned of a card's, newest first, under a reading of "the last 100". */
export function lastAuthorizations(all: readonly Json[], reading: AuthorizationsReading = 'newest-of-each'): Json[] {
  const newest = reading === 'newest-100-capped' ? all.slice(0, maxAuthorizations) : all;
  const ofOutcome = (status: string) => newest.filter((item) => item.authorizationStatus === status).slice(0, 50);
  const kept = new Set([...ofOutcome('approved'), ...ofOutcome('declined')]);
  return all.filter((item) => kept.has(item)).slice(0, maxAuthorizations);
}

export interface DocumentTransactions {
  baseUrl: string;
  token: string;
  historyAccountId: string;
  emptyAccountId: string;
  close(): Promise<void>;
}

const dayMs = 86_400_000;
const maxPageSize = 500;
const maxPageCount = 500;
const maxAuthorizations = 100;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isCalendarDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && isoDay(Date.parse(value)) === value;

/**
 * Two cards of the history account, a transaction a day over 600 days (more than 18 months), newest first; every tenth
 * a credit, its amount negative ("transactionAmount {value string (negative for credits), ...}").
 */
function history(today: number, choices: TransactionsChoices): Json[] {
  return Array.from({ length: 600 }, (_, n) => {
    const day = isoDay(today - n * dayMs);
    const cardId = n % 2 === 0 ? 'card-doc-1' : 'card-doc-2';
    const credit = n % 10 === 9;
    return {
      referenceNumber: `ref-${String(n).padStart(6, '0')}`,
      cardId,
      lastFive: cardId === 'card-doc-1' ? '10001' : '10002',
      authorizationId: `auth-doc-${n}`,
      transactionAmount: {
        value: `${credit || choices.chargeSign === 'negative' ? '-' : ''}${(n % 97) + 1}.25`,
        currency: 'USD',
      },
      authorizationDate: day,
      transactionDate: day,
      transactionType: credit ? (choices.refundCredits ? 'REFUND' : 'CREDIT') : 'CHARGE',
      merchant: { name: 'Document Store', country: 'US' },
    };
  });
}

/** An authorization item of a transaction's authorization (the document's fields, all optional). */
function authorization(item: Json, authorizationStatus: 'approved' | 'declined'): Json {
  return {
    authorizationId: item.authorizationId,
    authorizationStatus,
    authorizationAmount: '25.00',
    authorizationCurrency: 'USD',
    authorizationDate: item.authorizationDate,
    authorizationTimestamp: `${String(item.authorizationDate)}T12:00:00+00:00`,
    lastFive: item.lastFive,
  };
}

/** An error of the errorCode shape ("Errors", B), or of the `errors` list shape for a 400 (but DELETE account's). */
export function refuseDocument(
  res: ServerResponse,
  status: number,
  errorCode: string,
  description: string,
  operation = '',
): void {
  const listShaped = status === 400 && operation !== 'DELETE account';
  replyJson(
    res,
    status,
    listShaped ? { errors: [{ code: errorCode, message: description }] } : { errorCode, errorDescription: description },
  );
}

export function documentTransactionsOperation(
  _mount: string,
  choices: TransactionsChoices = {},
): TransactionsOperation {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  const accounts: Record<string, Json[]> = { 'acct-history': history(today, choices), 'acct-empty': [] };
  // Opaque cursors: each names a query the server keeps; the link says nothing of the page it leads to.
  const cursors = new Map<string, URLSearchParams>();

  const answer = (requestUrl: URL, res: ServerResponse) => {
    const cursor = requestUrl.searchParams.get('cursor');
    const remembered = cursor === null ? undefined : cursors.get(cursor);
    if (cursor !== null && remembered === undefined)
      return refuseDocument(res, 400, 'INVALID_CURSOR', 'unknown cursor');
    const q = remembered ?? requestUrl.searchParams;
    const positive = (name: string, fallback: number) => {
      const raw = q.get(name);
      if (raw === null) return fallback;
      const value = Number(raw);
      return raw.trim() !== '' && Number.isInteger(value) && value >= 1 ? value : Number.NaN;
    };
    const asked = positive('pageSize', maxPageSize);
    const pageNumber = positive('pageNumber', 1);
    if (Number.isNaN(asked) || (asked > maxPageSize && choices.overLimit !== 'serve-500'))
      return refuseDocument(res, 400, 'INVALID_PAGE_SIZE', 'pageSize is a whole number from 1 to 500');
    const pageSize = Math.min(asked, maxPageSize);
    if (Number.isNaN(pageNumber))
      return refuseDocument(res, 400, 'INVALID_PAGE_NUMBER', 'pageNumber is a whole number from 1');
    const start = q.get('startDate');
    const end = q.get('endDate');
    if ((start === null) !== (end === null))
      return refuseDocument(res, 400, 'INVALID_DATES', 'startDate and endDate are sent together');
    let from = isoDay(today - 30 * dayMs);
    let to = isoDay(today);
    if (start !== null && end !== null) {
      if (!isCalendarDay(start) || !isCalendarDay(end))
        return refuseDocument(res, 400, 'INVALID_DATES', 'dates are YYYY-MM-DD');
      const oldest = new Date(today);
      oldest.setUTCMonth(oldest.getUTCMonth() - 18);
      if (Date.parse(start) <= oldest.getTime() || Date.parse(end) <= oldest.getTime())
        return refuseDocument(res, 400, 'INVALID_DATES', 'dates are less than 18 months in the past');
      if (Date.parse(end) < Date.parse(start) || Date.parse(end) - Date.parse(start) > 31 * dayMs)
        return refuseDocument(res, 400, 'INVALID_DATES', 'the dates are at most 31 days apart');
      [from, to] = [start, end];
    }
    const cardId = q.get('cardId');
    const accountId = q.get('accountId');
    const found =
      accountId !== null
        ? accounts[accountId]
        : cardId !== null
          ? accounts['acct-history']?.filter((item) => item.cardId === cardId)
          : undefined;
    const unknown = !found || (cardId !== null && found.length === 0 && accountId === null);
    if (unknown && choices.unknownFilter !== 'empty-page')
      return refuseDocument(res, 404, 'NOT_FOUND', 'no such card or account');
    const scope = unknown ? [] : (found ?? []);
    const inWindow = scope.filter(
      (item) =>
        (cardId === null || item.cardId === cardId) &&
        (item.transactionDate as string) >= from &&
        (item.transactionDate as string) <= to,
    );
    const pageCount = Math.min(Math.ceil(inWindow.length / pageSize), maxPageCount);
    const link = (page: number) => {
      const target = new URL(requestUrl);
      const params = new URLSearchParams(q);
      params.set('pageNumber', String(page));
      params.set('pageSize', String(pageSize));
      if (choices.cursorLinks) {
        const key = Buffer.from(params.toString()).toString('base64url');
        cursors.set(key, params);
        target.search = `cursor=${key}`;
      } else target.search = params.toString();
      return target.href;
    };
    const full = inWindow.length > 0 && inWindow.length % pageSize === 0;
    const next =
      pageNumber < pageCount
        ? link(pageNumber + 1)
        : choices.fullLastPageNext && full && pageNumber === pageCount
          ? link(pageNumber)
          : undefined;
    const required = { first: link(1), last: link(Math.max(pageCount, 1)) };
    const links = choices.onlyRequiredLinks
      ? required
      : {
          ...required,
          ...(next !== undefined
            ? { next: choices.brokenNextAtSize7 && pageSize === 7 && pageNumber === 2 ? next.replace('?', '') : next }
            : {}),
          ...(pageNumber > 1 && pageNumber <= Math.max(pageCount, 1) ? { previous: link(pageNumber - 1) } : {}),
        };
    replyJson(res, 200, {
      paginationDetails: { page: { pageSize, pageNumber, pageCount, totalCount: inWindow.length }, links },
      transactions: inWindow.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    });
  };
  const authorizationsOf = (cardId: string): Json[] => {
    const charges = (accounts['acct-history'] ?? []).filter(
      (item) => item.cardId === cardId && item.transactionType === 'CHARGE',
    );
    const approved = charges.map((item) => authorization(item, 'approved'));
    const declined = charges
      .filter((_, index) => index % 2 === 0)
      .map((item) =>
        authorization({ ...item, authorizationId: `declined-${String(item.authorizationId)}` }, 'declined'),
      );
    // Newest first; on one day the declined one after the approved one.
    return [...approved, ...declined].sort((a, b) =>
      String(b.authorizationDate).localeCompare(String(a.authorizationDate)),
    );
  };
  return { historyAccountId: 'acct-history', emptyAccountId: 'acct-empty', answer, authorizationsOf };
}

export async function startDocumentTransactions(choices: TransactionsChoices = {}): Promise<DocumentTransactions> {
  const token = 'document-transactions-token';
  const mount = '/cod/v1';
  const operation = documentTransactionsOperation(mount, choices);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (req.headers.authorization !== `Bearer ${token}`)
      return refuseDocument(res, 401, 'UNAUTHORIZED', 'a valid bearer token is required');
    if (req.method !== 'GET' || url.pathname !== `${mount}/transactions`)
      return refuseDocument(res, 404, 'NOT_FOUND', 'not served here');
    operation.answer(url, res);
  };
  const server = await startLocalServer(handle);
  return {
    baseUrl: `http://127.0.0.1:${server.port}${mount}`,
    token,
    historyAccountId: operation.historyAccountId,
    emptyAccountId: operation.emptyAccountId,
    close: server.close,
  };
}

import type { CardStatus, CardUserStatus } from '../../rules/cards/enums.ts';
import type { ReferenceAuthorization, ReferenceTransaction } from './history.ts';
import type { CardState } from './state.ts';
import { wellFormedId } from './fixtures.ts';
import { requestedWindow, type WindowRequest, windowRefusal } from './window.ts';
import { maxAuthorizations, maxPageCount, maxPageSize, maxPerOutcome } from '../../rules/cards/limits.ts';

/** The page the reference is about to answer. */
export interface TransactionsPage {
  all: readonly ReferenceTransaction[];
  pageSize: number;
  pageNumber: number;
  pageCount: number;
}

/** The points of the cards reference a mutant may replace, each the behaviour of one rule. */
export interface CardsBehaviour {
  /** Whether an Authorization value carries the issued token, on this operation. */
  bearerAccepted(authorization: string | undefined, token: string, operation: string): boolean;
  /** Whether an id can be one (else 400), on this operation. */
  wellFormedId(id: string, operation: string): boolean;
  /** The status of an id that cannot be one, on this operation (the reference: 400). */
  malformedIdStatus(operation: string): number;
  /** The status of a well-formed id that does not exist, on this operation. */
  unknownIdStatus(operation: string): number;
  /** The error body of a status on an operation ("Errors", B). */
  errorBody(status: number, operation: string, code: string, message: string): unknown;
  /** The body of GET card. */
  cardBody(card: CardState, record: Record<string, unknown>): Record<string, unknown>;
  /** The body of GET card user. */
  cardUserBody(status: CardUserStatus, record: Record<string, unknown>): Record<string, unknown>;

  /** Why the dates of a transactions request are refused, or undefined when accepted. */
  windowRefusal(request: WindowRequest): string | undefined;
  /** The first and last day of the window a request asks for. */
  window(request: WindowRequest): { from: string; to: string };
  /** Whether a transaction falls in a window. */
  inWindow(day: string, window: { from: string; to: string }): boolean;
  /** Whether a requested page size is accepted. */
  pageSizeAccepted(size: number): boolean;
  defaultPageSize: number;
  defaultPageNumber: number;
  /** The order of a window's transactions (newest first). */
  order(transactions: ReferenceTransaction[]): ReferenceTransaction[];
  /** The items of a page. */
  pageItems(page: TransactionsPage): readonly ReferenceTransaction[];
  /** pageCount of a window of `total` transactions (at most 500). */
  pageCount(total: number, pageSize: number): number;
  /** paginationDetails.page of a page. */
  pageNumbers(page: TransactionsPage): { pageSize: number; pageNumber: number; pageCount: number; totalCount: number };
  /** Whether a transaction of `transactionCard` is one of the card asked for. */
  ofCard(transactionCard: string, cardId: string): boolean;
  /** A transaction item as returned. */
  transactionItem(record: Record<string, unknown>): Record<string, unknown>;
  /** Which links a page carries: next and previous only where that page exists. */
  linkPages(page: TransactionsPage): { first: number; last: number; next?: number; previous?: number };
  /** The Content-Type of an error answer (documented: JSON). */
  errorContentType(status: number): string;
  /** The text of a link as a page carries it (the reference: relative to the transactions path). */
  linkHref(name: string, relative: string, page: TransactionsPage): string;
  /** The success status of GET transactions. */
  transactionsStatus: number;

  /** Assignment rule 1: whether a card in this status may get a user in that status. */
  assignmentAllowed(card: CardStatus, user: CardUserStatus): boolean;
  /** The status refusing an assignment rule 1 forbids (the card's or the user's status). */
  ineligibleAssignmentStatus: number;
  /** Assignment rule 2: whether a card that has a user may get another. */
  reassignmentAllowed(card: CardState, cardUserId: string): boolean;
  /** Whether a refused reassignment is answered 200 instead, the card unchanged (never; a mutant: when repeated). */
  reassignmentAnsweredDone(card: CardState, cardUserId: string): boolean;
  /** Whether a PATCH card without a cardUserId string is answered 200, the card as it was (never; a mutant). */
  userlessPatchAnswered: boolean;
  /** Whether a digitalWalletProvisionable value is acceptable on PATCH card. */
  walletValueAccepted(value: unknown, signedUp: boolean): boolean;
  /** The 200 body of PATCH card. */
  patchBody(card: CardState): Record<string, unknown>;

  /** The card GET /authorizations reads: its cardId (none: refused with 400), or the default a mutant takes. */
  authorizationsCardOf(cardId: string | null, cardWithHistory: string): string | null;
  /** The authorizations GET /authorizations returns of a card's history (newest first). */
  authorizationsShown(history: readonly ReferenceAuthorization[]): readonly ReferenceAuthorization[];
  /** An authorization item as GET /authorizations returns it for a card. */
  authorizationItem(record: Record<string, unknown>, cardId: string): Record<string, unknown>;
  /** The notification GET /authorizationnotifications returns. */
  notificationBody(record: Record<string, unknown>): Record<string, unknown>;

  /** The 200 body of DELETE account. */
  unenrolBody(accountId: string): Record<string, unknown>;
  /** Whether an operation keeps the card it looked up in the read cache GET card serves first (none does). */
  cachesCardOn(operation: string): boolean;
  /** Whether the cards of an unenrolled account stay reachable through GET card. */
  cardsOfInactiveAccountReachable: boolean;
  /** Whether PATCH card still answers the cards of an unenrolled account (the reference: no, they are inaccessible). */
  cardsOfInactiveAccountPatchable: boolean;
  /** The status GET card shows of a card whose account was unenrolled, where shown. */
  statusAfterUnenrolment(status: CardStatus): CardStatus;
  /** Whether transactions of an unenrolled account are still returned. */
  transactionsOfInactiveAccount: boolean;
  /** Whether unenrolment sends a card notification (shown by GET authorizationnotifications). */
  notifiesOnUnenrolment: boolean;
}

const badRequestShape = (operation: string) => operation !== 'DELETE account';

export const referenceBehaviour: CardsBehaviour = {
  bearerAccepted: (authorization, token) => authorization === `Bearer ${token}`,
  wellFormedId: (id) => wellFormedId(id),
  malformedIdStatus: () => 400,
  unknownIdStatus: () => 404,
  errorBody: (status, operation, code, message) =>
    status === 400 && badRequestShape(operation)
      ? { errors: [{ code, message }] }
      : { errorCode: code, errorDescription: message },
  cardBody: (_card, record) => record,
  cardUserBody: (_status, record) => record,

  windowRefusal,
  window: requestedWindow,
  inWindow: (day, { from, to }) => day >= from && day <= to,
  pageSizeAccepted: (size) => Number.isInteger(size) && size >= 1 && size <= maxPageSize,
  defaultPageSize: maxPageSize,
  defaultPageNumber: 1,
  order: (transactions) =>
    [...transactions].sort((a, b) => (a.day === b.day ? b.sequence - a.sequence : a.day < b.day ? 1 : -1)),
  pageItems: ({ all, pageSize, pageNumber }) => all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
  pageCount: (total, pageSize) => Math.min(maxPageCount, Math.max(1, Math.ceil(total / pageSize))),
  pageNumbers: ({ all, pageSize, pageNumber, pageCount }) => ({
    pageSize,
    pageNumber,
    pageCount,
    totalCount: all.length,
  }),
  ofCard: (transactionCard, cardId) => transactionCard === cardId,
  transactionItem: (record) => record,
  linkPages: ({ pageNumber, pageCount }) => ({
    first: 1,
    last: pageCount,
    ...(pageNumber < pageCount ? { next: pageNumber + 1 } : {}),
    ...(pageNumber > 1 && pageNumber <= pageCount ? { previous: pageNumber - 1 } : {}),
  }),
  errorContentType: () => 'application/json; charset=utf-8',
  linkHref: (_name, relative) => relative,
  transactionsStatus: 200,

  assignmentAllowed: (card, user) => (card === 'ACTIVE' || card === 'PREACTIVE') && user === 'ACTIVATED',
  ineligibleAssignmentStatus: 400,
  reassignmentAllowed: () => false,
  reassignmentAnsweredDone: () => false,
  userlessPatchAnswered: false,
  walletValueAccepted: (value, signedUp) =>
    signedUp ? typeof value === 'boolean' : value === null || value === undefined,
  patchBody: (card) => ({
    cardId: card.cardId,
    cardUserId: card.cardUserId,
    digitalWalletProvisionable: card.digitalWalletProvisionable ?? null,
  }),

  authorizationsCardOf: (cardId) => cardId,
  authorizationsShown: (history) => {
    const approved = history.filter((entry) => entry.approved).slice(0, maxPerOutcome);
    const declined = history.filter((entry) => !entry.approved).slice(0, maxPerOutcome);
    return [...approved, ...declined].sort((a, b) => b.at - a.at).slice(0, maxAuthorizations);
  },
  authorizationItem: (record) => record,
  notificationBody: (record) => record,

  unenrolBody: (accountId) => ({ accountId, status: 'INACTIVE' }),
  cachesCardOn: () => false,
  cardsOfInactiveAccountReachable: false,
  cardsOfInactiveAccountPatchable: false,
  statusAfterUnenrolment: (status) => status,
  transactionsOfInactiveAccount: true,
  notifiesOnUnenrolment: false,
};

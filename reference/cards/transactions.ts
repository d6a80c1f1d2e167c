import type { ServerResponse } from 'node:http';
import { dayOf } from '../../rules/cards/calendar.ts';
import type { TransactionsPage } from './behaviour.ts';
import type { CardsContext } from './context.ts';
import type { ReferenceTransaction } from './history.ts';
import { replyJson } from '../http-io.ts';

const operation = 'GET transactions';

/** A positive whole number from a query value, or NaN. */
function wholeNumber(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** Whose transactions a request asks for: a card's, an account's, or a card's of an account. */
interface Scope {
  cardId: string | null;
  accountId: string | null;
}

/** A refusal of the request: its status, code and message. */
interface Refusal {
  status: number;
  code: string;
  message: string;
}

const invalid = (message: string): Refusal => ({ status: 400, code: 'INVALID_REQUEST', message });

/**
 * GET /transactions: the transactions of a card or an account in a window, newest first, paginated with
 * page numbers and links (relative to the transactions path) that carry the window's dates.
 */
export function handleTransactions(context: CardsContext, res: ServerResponse, query: URLSearchParams): void {
  const { behaviour } = context;
  const refuse = ({ status, code, message }: Refusal) => context.replyError(res, status, operation, code, message);
  const paging = requestedPaging(context, query);
  if ('refusal' in paging) return refuse(paging.refusal);
  const request = {
    today: dayOf(Date.now()),
    byCard: query.has('cardId'),
    ...(query.has('startDate') ? { startDate: query.get('startDate') as string } : {}),
    ...(query.has('endDate') ? { endDate: query.get('endDate') as string } : {}),
  };
  const windowRefusal = behaviour.windowRefusal(request);
  if (windowRefusal) return refuse(invalid(windowRefusal));
  const scope = { cardId: query.get('cardId'), accountId: query.get('accountId') };
  const scopeRefusal = refusalOfScope(context, scope);
  if (scopeRefusal) return refuse(scopeRefusal);
  const card = scope.cardId === null ? undefined : context.state.cards.get(scope.cardId);
  if (card && behaviour.cachesCardOn(operation)) context.cardCache.set(card.cardId, card);
  const window = behaviour.window(request);
  const all = transactionsIn(context, scope, window);
  const page = { all, ...paging, pageCount: behaviour.pageCount(all.length, paging.pageSize) };
  replyJson(res, behaviour.transactionsStatus, {
    paginationDetails: { page: behaviour.pageNumbers(page), links: linksOf(context, page, scope, window) },
    transactions: behaviour.pageItems(page).map((transaction) => behaviour.transactionItem(transaction.record)),
  });
}

/** The page size and number asked for (or the defaults), or why they are refused. */
function requestedPaging(
  { behaviour }: CardsContext,
  query: URLSearchParams,
): { pageSize: number; pageNumber: number } | { refusal: Refusal } {
  const sizeText = query.get('pageSize');
  const pageSize = sizeText === null ? behaviour.defaultPageSize : wholeNumber(sizeText);
  if (!behaviour.pageSizeAccepted(pageSize)) return { refusal: invalid('pageSize is a whole number from 1 to 500') };
  const numberText = query.get('pageNumber');
  const pageNumber = numberText === null ? behaviour.defaultPageNumber : wholeNumber(numberText);
  if (!(pageNumber >= 1)) return { refusal: invalid('pageNumber is a whole number from 1') };
  return { pageSize, pageNumber };
}

/** Why the card or account asked for is refused: none named, a malformed id, or one unknown. */
function refusalOfScope({ behaviour, state }: CardsContext, { cardId, accountId }: Scope): Refusal | undefined {
  if (cardId === null && accountId === null) return invalid('cardId or accountId is required');
  for (const [id, known] of [
    [cardId, (value: string) => state.cards.has(value)],
    [
      accountId,
      (value: string) =>
        behaviour.transactionsOfInactiveAccount
          ? state.accounts.has(value)
          : state.accounts.get(value)?.status === 'ENROLLED',
    ],
  ] as const) {
    if (id === null) continue;
    if (!behaviour.wellFormedId(id, operation)) return invalid('the id is malformed');
    if (!known(id))
      return { status: behaviour.unknownIdStatus(operation), code: 'NOT_FOUND', message: 'no such card or account' };
  }
  return undefined;
}

/** The scope's transactions in the window, in the behaviour's order. */
function transactionsIn(
  { behaviour, state }: CardsContext,
  { cardId, accountId }: Scope,
  window: { from: string; to: string },
): ReferenceTransaction[] {
  const ofScope = (transactionCard: string) =>
    (cardId === null || behaviour.ofCard(transactionCard, cardId)) &&
    (accountId === null || state.cards.get(transactionCard)?.accountId === accountId);
  return behaviour.order(
    state.transactions.filter(
      (transaction) => ofScope(transaction.cardId) && behaviour.inWindow(transaction.day, window),
    ),
  );
}

/** The page's links by name, each carrying the scope, the page size and the window's dates. */
function linksOf(
  { behaviour }: CardsContext,
  page: TransactionsPage,
  { cardId, accountId }: Scope,
  window: { from: string; to: string },
): Record<string, string> {
  const link = (number: number) => {
    const params = new URLSearchParams({
      ...(cardId === null ? {} : { cardId }),
      ...(accountId === null ? {} : { accountId }),
      pageSize: String(page.pageSize),
      pageNumber: String(number),
      startDate: window.from,
      endDate: window.to,
    });
    return `transactions?${params.toString()}`;
  };
  return Object.fromEntries(
    Object.entries(behaviour.linkPages(page)).map(([name, number]) => [
      name,
      behaviour.linkHref(name, link(number), page),
    ]),
  );
}

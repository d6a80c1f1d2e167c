import type { ServerResponse } from 'node:http';
import { dayOf } from '../../rules/cards/calendar.ts';
import type { CardsContext } from './context.ts';
import { replyJson } from '../http-io.ts';

const operation = 'GET transactions';

/** A positive whole number from a query value, or NaN. */
function wholeNumber(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * GET /transactions: the transactions of a card or an account in a window, newest first, paginated with
 * page numbers and links (relative to the transactions path) that carry the window's dates.
 */
export function handleTransactions(context: CardsContext, res: ServerResponse, query: URLSearchParams): void {
  const { behaviour, state } = context;
  const refuse = (message: string) => context.replyError(res, 400, operation, 'INVALID_REQUEST', message);
  const sizeText = query.get('pageSize');
  const pageSize = sizeText === null ? behaviour.defaultPageSize : wholeNumber(sizeText);
  if (!behaviour.pageSizeAccepted(pageSize)) return refuse('pageSize is a whole number from 1 to 500');
  const numberText = query.get('pageNumber');
  const pageNumber = numberText === null ? behaviour.defaultPageNumber : wholeNumber(numberText);
  if (!(pageNumber >= 1)) return refuse('pageNumber is a whole number from 1');
  const request = {
    today: dayOf(Date.now()),
    byCard: query.has('cardId'),
    ...(query.has('startDate') ? { startDate: query.get('startDate') as string } : {}),
    ...(query.has('endDate') ? { endDate: query.get('endDate') as string } : {}),
  };
  const refusal = behaviour.windowRefusal(request);
  if (refusal) return refuse(refusal);

  const cardId = query.get('cardId');
  const accountId = query.get('accountId');
  if (cardId === null && accountId === null) return refuse('cardId or accountId is required');
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
    if (!behaviour.wellFormedId(id, operation)) return refuse('the id is malformed');
    if (!known(id))
      return context.replyError(
        res,
        behaviour.unknownIdStatus(operation),
        operation,
        'NOT_FOUND',
        'no such card or account',
      );
  }

  const window = behaviour.window(request);
  const ofScope = (transactionCard: string) =>
    (cardId === null || behaviour.ofCard(transactionCard, cardId)) &&
    (accountId === null || state.cards.get(transactionCard)?.accountId === accountId);
  const all = behaviour.order(
    state.transactions.filter(
      (transaction) => ofScope(transaction.cardId) && behaviour.inWindow(transaction.day, window),
    ),
  );
  const pageCount = behaviour.pageCount(all.length, pageSize);
  const page = { all, pageSize, pageNumber, pageCount };
  const link = (number: number) => {
    const params = new URLSearchParams({
      ...(cardId === null ? {} : { cardId }),
      ...(accountId === null ? {} : { accountId }),
      pageSize: String(pageSize),
      pageNumber: String(number),
      startDate: window.from,
      endDate: window.to,
    });
    return `transactions?${params.toString()}`;
  };
  const pages = behaviour.linkPages(page);
  replyJson(res, behaviour.transactionsStatus, {
    paginationDetails: {
      page: behaviour.pageNumbers(page),
      links: Object.fromEntries(
        Object.entries(pages).map(([name, number]) => [name, behaviour.linkHref(name, link(number), page)]),
      ),
    },
    transactions: behaviour.pageItems(page).map((transaction) => behaviour.transactionItem(transaction.record)),
  });
}

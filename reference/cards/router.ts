import type { IncomingMessage, ServerResponse } from 'node:http';
import { dayOf } from '../../rules/cards/calendar.ts';
import { handleAssignment } from './assignment.ts';
import type { CardsContext } from './context.ts';
import { authorizationTimestamp } from './history.ts';
import { cardRecord, cardUserRecord } from './records.ts';
import { replyJson } from '../http-io.ts';
import { handleTransactions } from './transactions.ts';

interface Route {
  operation: string;
  method: string;
  pattern: RegExp;
  handle(
    context: CardsContext,
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    query: URLSearchParams,
  ): void | Promise<void>;
}

function getCard(context: CardsContext, _req: IncomingMessage, res: ServerResponse, id: string): void {
  const { behaviour, state } = context;
  const card = context.lookup(
    res,
    'GET card',
    id,
    (cardId) =>
      context.cardCache.get(cardId) ??
      (behaviour.cardsOfInactiveAccountReachable ? state.cards.get(cardId) : state.accessibleCard(cardId)),
  );
  if (!card) return;
  const inactive = state.accountOf(card.cardId)?.status === 'INACTIVE';
  const shown = inactive ? { ...card, status: behaviour.statusAfterUnenrolment(card.status) } : card;
  replyJson(res, 200, behaviour.cardBody(shown, cardRecord(shown)));
}

function getCardUser(context: CardsContext, _req: IncomingMessage, res: ServerResponse, id: string): void {
  const status = context.lookup(res, 'GET card user', id, (userId) => context.state.users.get(userId));
  if (status)
    replyJson(
      res,
      200,
      context.behaviour.cardUserBody(status, cardUserRecord(id, status, dayOf(context.state.startedAt))),
    );
}

function getAuthorizations(
  context: CardsContext,
  _req: IncomingMessage,
  res: ServerResponse,
  _id: string,
  query: URLSearchParams,
): void {
  const operation = 'GET authorizations';
  const cardId = context.behaviour.authorizationsCardOf(query.get('cardId'), context.state.authorizationsCardId);
  if (cardId === null) return context.replyError(res, 400, operation, 'INVALID_REQUEST', 'cardId is required');
  const card = context.lookup(res, operation, cardId, (id) => context.state.accessibleCard(id));
  if (!card) return;
  const history = card.cardId === context.state.authorizationsCardId ? context.state.authorizations : [];
  const shown = context.behaviour.authorizationsShown(history);
  replyJson(res, 200, {
    cardId: card.cardId,
    authorizationDetails: shown.map((entry) => context.behaviour.authorizationItem(entry.record, card.cardId)),
  });
}

function getNotification(context: CardsContext, _req: IncomingMessage, res: ServerResponse): void {
  const { state } = context;
  const latest = state.authorizations[0];
  const cardId = context.notifiedCardId ?? state.authorizationsCardId;
  const card = state.cards.get(cardId);
  const at = latest?.at ?? state.startedAt.getTime();
  replyJson(
    res,
    200,
    context.behaviour.notificationBody({
      notificationId: `NOTE-${cardId}-${at}`,
      eventDescription: 'Authorization occurred',
      notificationType: latest?.approved === false ? 'DECLINED_AUTH' : 'SUCCESSFUL_AUTH',
      timeOfNotification: authorizationTimestamp(at),
      cardId,
      accountId: card?.accountId,
      cardReferenceId: `REF-${cardId}`,
      authorizationDetails: latest?.record ?? {},
    }),
  );
}

function deleteAccount(context: CardsContext, _req: IncomingMessage, res: ServerResponse, id: string): void {
  const account = context.lookup(res, 'DELETE account', id, (accountId) => context.state.accounts.get(accountId));
  if (!account) return;
  account.status = 'INACTIVE';
  if (context.behaviour.notifiesOnUnenrolment)
    context.notifiedCardId = [...context.state.cards.values()].find((card) => card.accountId === id)?.cardId;
  replyJson(res, 200, context.behaviour.unenrolBody(account.accountId));
}

const routes: readonly Route[] = [
  { operation: 'GET card', method: 'GET', pattern: /^\/cards\/([^/]+)$/, handle: getCard },
  { operation: 'PATCH card', method: 'PATCH', pattern: /^\/cards\/([^/]+)$/, handle: handleAssignment },
  { operation: 'GET card user', method: 'GET', pattern: /^\/cardusers\/([^/]+)$/, handle: getCardUser },
  {
    operation: 'GET transactions',
    method: 'GET',
    pattern: /^\/transactions$/,
    handle: (context, _req, res, _id, query) => handleTransactions(context, res, query),
  },
  { operation: 'GET authorizations', method: 'GET', pattern: /^\/authorizations$/, handle: getAuthorizations },
  { operation: 'DELETE account', method: 'DELETE', pattern: /^\/accounts\/([^/]+)$/, handle: deleteAccount },
  {
    operation: 'GET authorizationnotifications',
    method: 'GET',
    pattern: /^\/authorizationnotifications$/,
    handle: getNotification,
  },
];

/** Routes a request under the cards prefix: the operation, bearer auth, then its handler. */
export async function handleCards(
  context: CardsContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const route = routes.find((candidate) => candidate.method === req.method && candidate.pattern.test(path));
  if (!route) return context.replyError(res, 404, 'unknown', 'NOT_FOUND', 'no such operation');
  if (!context.behaviour.bearerAccepted(req.headers.authorization, context.token, route.operation)) {
    return context.replyError(res, 401, route.operation, 'UNAUTHORIZED', 'a valid bearer token is required');
  }
  let id = '';
  try {
    id = decodeURIComponent(route.pattern.exec(path)?.[1] ?? '');
  } catch {
    return context.replyError(res, 400, route.operation, 'INVALID_ID', 'the id is not percent-encoded correctly');
  }
  const queryAt = (req.url ?? '').indexOf('?');
  const query = new URLSearchParams(queryAt === -1 ? '' : (req.url ?? '').slice(queryAt + 1));
  await route.handle(context, req, res, id, query);
}

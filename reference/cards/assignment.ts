import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CardsContext } from './context.ts';
import { readBody, replyJson } from '../http-io.ts';

const operation = 'PATCH card';

/** PATCH card: assigns a card user under the three assignment rules and the wallet-provisioning rule. */
export async function handleAssignment(
  context: CardsContext,
  req: IncomingMessage,
  res: ServerResponse,
  cardId: string,
): Promise<void> {
  const { behaviour, state } = context;
  const refuse = (message: string) => context.replyError(res, 400, operation, 'INVALID_REQUEST', message);
  // A mutant answers a PATCH of an unenrolled account's card as done, the card unchanged (GET card refuses it).
  const inaccessible = state.accessibleCard(cardId) === undefined ? state.cards.get(cardId) : undefined;
  if (inaccessible && behaviour.cardsOfInactiveAccountPatchable)
    return replyJson(res, 200, behaviour.patchBody(inaccessible));
  const card = context.lookup(res, operation, cardId, (id) => state.accessibleCard(id));
  if (!card) return;
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)).toString('utf8'));
  } catch {
    return refuse('the body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse('the body is an object');
  const { cardUserId, digitalWalletProvisionable } = body as Record<string, unknown>;
  if (typeof cardUserId !== 'string' || cardUserId === '')
    return behaviour.userlessPatchAnswered
      ? replyJson(res, 200, behaviour.patchBody(card))
      : refuse('cardUserId is required');
  const userStatus = context.lookup(res, operation, cardUserId, (id) => state.users.get(id));
  if (!userStatus) return;
  if (card.cardUserId !== undefined && !behaviour.reassignmentAllowed(card, cardUserId)) {
    if (behaviour.reassignmentAnsweredDone(card, cardUserId))
      return replyJson(res, 200, behaviour.patchBody({ ...card, cardUserId }));
    card.refusedUsers.add(cardUserId);
    return refuse('the card already has a card user');
  }
  if (!behaviour.assignmentAllowed(card.status, userStatus)) {
    return context.replyError(
      res,
      behaviour.ineligibleAssignmentStatus,
      operation,
      'INVALID_REQUEST',
      'the card must be ACTIVE or PREACTIVE and the card user ACTIVATED',
    );
  }
  if (!behaviour.walletValueAccepted(digitalWalletProvisionable, context.walletProvisioning)) {
    return refuse(
      context.walletProvisioning ? 'digitalWalletProvisionable is required' : 'digitalWalletProvisionable must be null',
    );
  }
  card.cardUserId = cardUserId;
  if (typeof digitalWalletProvisionable === 'boolean') card.digitalWalletProvisionable = digitalWalletProvisionable;
  replyJson(res, 200, behaviour.patchBody(card));
}

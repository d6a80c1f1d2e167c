import type { CardsAuth, CardsClient } from '../client/cards-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { addDays } from '../../../rules/cards/calendar.ts';
import { cardsOperations, type CardsOperation } from '../../../rules/cards/operations.ts';
import type { CardsSection } from '../entry/section.ts';
import { runDays } from './run-clock.ts';
import { maxPageSize } from '../../../rules/cards/limits.ts';

/** An exchange with the operation it was sent to. */
export interface OperationExchange {
  operation: CardsOperation;
  exchange: Exchange;
}

/** Ids that cannot be ids: a space, a quote, angle brackets, 300 characters. */
export const malformedIds = ['harness card', "harness'card", '<harness-card>', 'h'.repeat(300)] as const;

/** A well-formed id no target has, made per run. */
export function unknownId(seed: number): string {
  return `harness-unknown-${seed.toString(36)}`;
}

/** The body of a PATCH card that would be valid but for the card it is sent to. */
export function patchBodyFor(section: CardsSection): Record<string, unknown> {
  return {
    cardUserId: section.fixtures.cardUsers.ACTIVATED,
    digitalWalletProvisionable: section.walletProvisioning ? false : null,
  };
}

/**
 * One request to every operation with existing ids and the given authentication. PATCH goes to a card that
 * already has a user (refused whatever the auth) and DELETE to an unknown account (with the token) or the
 * disposable one (without), so a target that does not check the token changes no fixture the other rules need.
 */
export async function everyOperation(
  client: CardsClient,
  section: CardsSection,
  auth: CardsAuth,
): Promise<OperationExchange[]> {
  const { fixtures } = section;
  const sent: [CardsOperation, Promise<Exchange>][] = [
    [cardsOperations.getCard, client.getCard(fixtures.assignedCards.ACTIVE, auth)],
    [cardsOperations.patchCard, client.patchCard(fixtures.assignedCards.ACTIVE, patchBodyFor(section), auth)],
    [cardsOperations.getCardUser, client.getCardUser(fixtures.cardUsers.ACTIVATED, auth)],
    [cardsOperations.getTransactions, client.getTransactions({ accountId: fixtures.historyAccountId }, auth)],
    [cardsOperations.getAuthorizations, client.getAuthorizations(fixtures.manyAuthorizationsCardId, auth)],
    // With the valid token only an unknown account: the valid request must not unenrol a fixture.
    [
      cardsOperations.deleteAccount,
      client.deleteAccount(auth === 'token' ? unknownId(0) : (fixtures.disposableAccountId ?? unknownId(0)), auth),
    ],
    [cardsOperations.getAuthorizationNotification, client.getAuthorizationNotification(auth)],
  ];
  return Promise.all(sent.map(async ([operation, exchange]) => ({ operation, exchange: await exchange })));
}

/**
 * The operations addressed by an id, each with the id put where it belongs (GET transactions: cardId and accountId).
 */
export async function addressedBy(
  client: CardsClient,
  section: CardsSection,
  id: string,
): Promise<OperationExchange[]> {
  const sent: [CardsOperation, Promise<Exchange>][] = [
    [cardsOperations.getCard, client.getCard(id)],
    [cardsOperations.patchCard, client.patchCard(id, patchBodyFor(section))],
    [cardsOperations.getCardUser, client.getCardUser(id)],
    [cardsOperations.getAuthorizations, client.getAuthorizations(id)],
    [cardsOperations.getTransactions, client.getTransactions({ cardId: id })],
    [cardsOperations.getTransactions, client.getTransactions({ accountId: id })],
    [cardsOperations.deleteAccount, client.deleteAccount(id)],
  ];
  return Promise.all(sent.map(async ([operation, exchange]) => ({ operation, exchange: await exchange })));
}

/**
 * Requests each operation must refuse: malformed ids, PATCH card without cardUserId, to an INACTIVE card and
 * reassigning an assigned one, one date alone, dates 32 days apart, pageSize 501, GET authorizations without
 * cardId. None changes a fixture on a target that refuses them.
 */
export async function badRequests(client: CardsClient, section: CardsSection): Promise<OperationExchange[]> {
  const malformed = (await Promise.all(malformedIds.map((id) => addressedBy(client, section, id)))).flat();
  const { fixtures } = section;
  const { today } = runDays();
  const inactive = fixtures.unassignedCards.INACTIVE[0] as string;
  const other: [CardsOperation, Promise<Exchange>][] = [
    [cardsOperations.patchCard, client.patchCard(inactive, {})],
    [cardsOperations.patchCard, client.patchCard(inactive, patchBodyFor(section))],
    [cardsOperations.patchCard, client.patchCard(fixtures.assignedCards.ACTIVE, patchBodyFor(section))],
    [
      cardsOperations.getTransactions,
      client.getTransactions({ accountId: fixtures.historyAccountId, startDate: today }),
    ],
    [
      cardsOperations.getTransactions,
      client.getTransactions({
        accountId: fixtures.historyAccountId,
        startDate: addDays(today, -40),
        endDate: addDays(today, -8),
      }),
    ],
    [
      cardsOperations.getTransactions,
      client.getTransactions({ accountId: fixtures.historyAccountId, pageSize: maxPageSize + 1 }),
    ],
    [cardsOperations.getAuthorizations, client.send(cardsOperations.getAuthorizations, undefined)],
  ];
  return [
    ...malformed,
    ...(await Promise.all(other.map(async ([operation, exchange]) => ({ operation, exchange: await exchange })))),
  ];
}

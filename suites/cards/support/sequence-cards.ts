import { cardBodyOf } from '../checks/card-view.ts';
import type { CardsClient } from '../client/cards-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { CardRead } from '../../../generators/cards/card-read.ts';

/*
 * What the cards sequences share (suites/cards/support/assignment-model.ts, unenrolment-model.ts): the cards a phase
 * works on, how a card's user is read from GET card, and the reads of a card through the other operations naming it.
 */

/** A card a sequence may address: its id and what it is, in words ("assignedCards.ACTIVE"). */
export interface PoolCard {
  cardId: string;
  label: string;
}

/** The `index`-th card of a pool (indexes wrap around). */
export const poolCard = (pool: readonly PoolCard[], index: number) => pool[index % pool.length] as PoolCard;

/** The card user a 200 GET card shows, read leniently: undefined where none (or no card) is shown. */
export function shownUser(exchange: Exchange): string | undefined {
  const user = (cardBodyOf(exchange) as { cardUserId?: unknown } | null | undefined)?.cardUserId;
  return typeof user === 'string' ? user : undefined;
}

/** What a request answered, in words: its status or the error that stood for it. */
export const answered = (exchange: Exchange) => String(exchange.response?.status ?? exchange.error?.code ?? 'nothing');

/**
 * A read of the card through another operation than GET card (GET authorizations, GET transactions by cardId, GET card
 * user of `cardUserId`), with what it was in words. Such reads are other rules' to judge: a sequence only observes them.
 */
export async function readThrough(
  client: CardsClient,
  card: PoolCard,
  through: Exclude<CardRead['through'], 'card'>,
  cardUserId: string | undefined,
): Promise<{ exchange: Exchange; why: string }> {
  if (through === 'authorizations')
    return { exchange: await client.getAuthorizations(card.cardId), why: `GET authorizations of ${card.cardId}` };
  if (through === 'transactions')
    return {
      exchange: await client.getTransactions({ cardId: card.cardId }),
      why: `GET transactions of card ${card.cardId}`,
    };
  return {
    exchange: await client.getCardUser(cardUserId ?? ''),
    why: `GET card user ${cardUserId}, the user card ${card.cardId} showed`,
  };
}

/**
 * What a phase sent for each card over all its sequences, with the answers. The target's state goes on from sequence
 * to sequence, so the shrunk sequence may lack the request that set a fault up in an earlier one: a failing step tells
 * what the earlier sequences sent for its card.
 */
export class PhaseHistory {
  readonly #byCard = new Map<string, string[]>();

  /** Keeps one request for a card, in words (each distinct one once, the first few). */
  note(cardId: string, text: string): void {
    const list = this.#byCard.get(cardId) ?? [];
    if (!list.includes(text) && list.length < 6) list.push(text);
    this.#byCard.set(cardId, list);
  }

  /** The requests noted so far, frozen: a sequence's view of what came before it. */
  snapshot(): ReadonlyMap<string, readonly string[]> {
    return new Map([...this.#byCard].map(([cardId, list]) => [cardId, [...list]]));
  }
}

/** What earlier sequences sent for a card, as a clause for a failing step ('' when nothing). */
export function earlierText(earlier: ReadonlyMap<string, readonly string[]>, cardId: string): string {
  const list = earlier.get(cardId) ?? [];
  return list.length ? ` (earlier sequences of the phase sent for ${cardId}: ${list.join('; ')})` : '';
}

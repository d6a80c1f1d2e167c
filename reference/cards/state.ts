import type { CardStatus, CardUserStatus } from '../../rules/cards/enums.ts';
import { addDays, dayOf } from '../../rules/cards/calendar.ts';
import {
  assignedCardIds,
  assignedUserId,
  cardUserIds,
  disposableAccountId,
  disposableCardIds,
  emptyAccountCardId,
  emptyAccountId,
  historyAccountId,
  historyCardIds,
  mainAccountId,
  manyAuthorizationsCardId,
  unassignedCardIds,
} from './fixtures.ts';
import {
  authorizationsOf,
  transactionsOf,
  transactionsOfAuthorizations,
  type ReferenceAuthorization,
  type ReferenceTransaction,
} from './history.ts';

export interface CardState {
  cardId: string;
  accountId: string;
  status: CardStatus;
  /** Position among the reference's cards: decides which optional records the card carries. */
  ordinal: number;
  cardUserId?: string;
  digitalWalletProvisionable?: boolean;
  createdOn: string;
  /** The card users a PATCH named and was refused for, the card having another (only a mutant reads it). */
  refusedUsers: Set<string>;
}

export interface AccountState {
  accountId: string;
  status: 'ENROLLED' | 'INACTIVE';
}

/**
 * The in-memory state of the cards reference, made from its clock when it starts: cards, card users,
 * accounts, and the clock-relative transaction and authorization histories.
 */
export class CardsState {
  readonly cards = new Map<string, CardState>();
  readonly users = new Map<string, CardUserStatus>();
  readonly accounts = new Map<string, AccountState>();
  readonly transactions: ReferenceTransaction[];
  readonly authorizations: ReferenceAuthorization[];
  /** The card the authorization history belongs to. */
  readonly authorizationsCardId = manyAuthorizationsCardId;

  constructor(readonly startedAt: Date) {
    const today = dayOf(startedAt);
    const createdOn = addDays(today, -40);
    let ordinal = 0;
    const addCard = (cardId: string, accountId: string, status: CardStatus, cardUserId?: string) =>
      this.cards.set(cardId, {
        cardId,
        accountId,
        status,
        ordinal: ordinal++,
        createdOn,
        refusedUsers: new Set(),
        ...(cardUserId ? { cardUserId, digitalWalletProvisionable: true } : {}),
      });
    for (const [status, ids] of Object.entries(unassignedCardIds))
      for (const id of ids) addCard(id, mainAccountId, status as CardStatus);
    for (const [status, id] of Object.entries(assignedCardIds))
      addCard(id, mainAccountId, status as CardStatus, assignedUserId);
    for (const id of historyCardIds) addCard(id, historyAccountId, 'ACTIVE', assignedUserId);
    addCard(emptyAccountCardId, emptyAccountId, 'ACTIVE');
    addCard(manyAuthorizationsCardId, mainAccountId, 'ACTIVE', assignedUserId);
    for (const id of disposableCardIds) addCard(id, disposableAccountId, 'ACTIVE', assignedUserId);
    for (const [status, id] of Object.entries(cardUserIds)) this.users.set(id, status as CardUserStatus);
    this.users.set(assignedUserId, 'ACTIVATED');
    for (const accountId of [mainAccountId, historyAccountId, emptyAccountId, disposableAccountId])
      this.accounts.set(accountId, { accountId, status: 'ENROLLED' });
    this.authorizations = authorizationsOf(manyAuthorizationsCardId, startedAt);
    this.transactions = [
      ...transactionsOf(historyCardIds, today),
      ...transactionsOf([disposableCardIds[0]], today, 40),
      ...transactionsOfAuthorizations(manyAuthorizationsCardId, this.authorizations),
    ];
  }

  accountOf(cardId: string): AccountState | undefined {
    const card = this.cards.get(cardId);
    return card ? this.accounts.get(card.accountId) : undefined;
  }

  /** A card is inaccessible once its account is unenrolled. */
  accessibleCard(cardId: string): CardState | undefined {
    const card = this.cards.get(cardId);
    return card && this.accountOf(cardId)?.status === 'ENROLLED' ? card : undefined;
  }
}

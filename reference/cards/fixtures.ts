import { cardStatuses, cardUserStatuses, type CardStatus, type CardUserStatus } from '../../rules/cards/enums.ts';

/*
 * The fixtures of the reference target, by id. Card creation and enrolment are not shown in the document, so
 * a target names its fixtures in its target entry; these are the reference's.
 */

/**
 * Unassigned cards per status: a run assigns two ACTIVE and three PREACTIVE ones (one by the reassignment rule's
 * stateful phase, from the end of the list), so a reference that keeps running serves two runs.
 */
const unassignedPerStatus = 8;
export const unassignedCardIds = Object.fromEntries(
  cardStatuses.map((status) => [
    status,
    Array.from(
      { length: unassignedPerStatus },
      (_, index) => `card-${status.toLowerCase().replace('_', '-')}-${index + 1}`,
    ),
  ]),
) as Record<CardStatus, string[]>;

export const assignedCardIds = { ACTIVE: 'card-active-assigned', PREACTIVE: 'card-preactive-assigned' } as const;

export const cardUserIds = Object.fromEntries(
  cardUserStatuses.map((status) => [status, `user-${status.toLowerCase().replaceAll('_', '-')}`]),
) as Record<CardUserStatus, string>;
/** The ACTIVATED user the assigned cards have (not the one the target entry names, so reassignment is a change). */
export const assignedUserId = 'user-activated-holder';

export const mainAccountId = 'acct-main';
export const historyAccountId = 'acct-history';
export const historyCardIds = ['card-history-1', 'card-history-2'] as const;
export const emptyAccountId = 'acct-empty';
export const emptyAccountCardId = 'card-empty-1';
export const manyAuthorizationsCardId = 'card-authorized';
export const disposableAccountId = 'acct-disposable';
export const disposableCardIds = ['card-disposable-1', 'card-disposable-2'] as const;

/** The reference's ids: letters, digits and hyphens, at most 64; anything else is malformed (400). */
export function wellFormedId(id: string): boolean {
  return /^[A-Za-z0-9-]{1,64}$/.test(id);
}

/** The target-entry fixtures of the reference. */
export function referenceFixtures() {
  return {
    unassignedCards: unassignedCardIds,
    assignedCards: assignedCardIds,
    cardUsers: cardUserIds,
    historyAccountId,
    emptyAccountId,
    manyAuthorizationsCardId,
    disposableAccountId,
    disposableCardIds: [...disposableCardIds],
  };
}

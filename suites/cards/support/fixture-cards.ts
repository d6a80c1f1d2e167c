import { assignableCardStatuses, cardStatuses, type CardStatus } from '../../../rules/cards/enums.ts';
import type { CardsFixtures } from '../entry/section.ts';

/** A card the target entry names, with the status it declares for it. */
export interface FixtureCard {
  cardId: string;
  status: CardStatus;
}

/** Every card of the fixtures with a declared status: all unassigned ones of every status and the assigned ones. */
export function fixtureCards(fixtures: CardsFixtures): FixtureCard[] {
  return [
    ...cardStatuses.flatMap((status) => fixtures.unassignedCards[status].map((cardId) => ({ cardId, status }))),
    ...assignableCardStatuses.map((status) => ({ cardId: fixtures.assignedCards[status], status })),
  ];
}

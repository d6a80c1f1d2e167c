import type { CardsClient } from '../client/cards-client.ts';
import type { CardsSection } from '../entry/section.ts';
import { freeCard } from './free-card.ts';
import type { PoolCard } from './sequence-cards.ts';

/**
 * The cards the assignment sequences address: the two assigned fixture cards, the last INACTIVE card of the fixtures (no
 * PATCH may give it a user), and one free PREACTIVE card taken from the end of its list (away from the cards the other
 * assignment rules take from its start): the one card a sequence may assign, once a run. Without a free one left the
 * sequences go on without it (`note` says so).
 */
export async function assignmentPool(
  client: CardsClient,
  section: CardsSection,
): Promise<{ cards: PoolCard[]; note?: string }> {
  const { fixtures } = section;
  const cards: PoolCard[] = [
    { cardId: fixtures.assignedCards.ACTIVE, label: 'assignedCards.ACTIVE' },
    { cardId: fixtures.assignedCards.PREACTIVE, label: 'assignedCards.PREACTIVE' },
    { cardId: fixtures.unassignedCards.INACTIVE.at(-1) as string, label: 'an INACTIVE card' },
  ];
  try {
    const cardId = await freeCard(client, section, 'PREACTIVE', { fromEnd: true });
    return { cards: [...cards, { cardId, label: 'a PREACTIVE card free when the phase began' }] };
  } catch (error) {
    return { cards, note: `no free PREACTIVE card: ${error instanceof Error ? error.message : String(error)}` };
  }
}

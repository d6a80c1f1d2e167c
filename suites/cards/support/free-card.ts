import { assignmentOf, cardStatusOf } from '../checks/card-view.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { CardsClient } from '../client/cards-client.ts';
import type { CardStatus } from '../../../rules/cards/enums.ts';
import type { CardsSection } from '../entry/section.ts';

/**
 * The first card of a status the fixtures name that GET card shows without a card user (an IN_PROGRESS card
 * shows no user field at all). Earlier runs may have assigned the others; none left is a fixture problem.
 * `fromEnd` looks from the end of the list, away from the cards the assignment rules take meanwhile.
 */
export async function freeCard(
  client: CardsClient,
  section: CardsSection,
  status: CardStatus,
  options: { fromEnd?: boolean } = {},
): Promise<string> {
  const listed = section.fixtures.unassignedCards[status];
  for (const cardId of options.fromEnd ? [...listed].reverse() : listed) {
    const exchange = await client.getCard(cardId);
    // The entry says the card exists: not reading it is the card record rule's to judge; this rule is blocked by it.
    if (exchange.error || exchange.response?.status !== 200)
      throw new PrerequisiteMissing(
        ['cards.card.fields'],
        `GET card of ${cardId}, named in fixtures.unassignedCards.${status}, answered ${exchange.error?.code ?? exchange.response?.status}`,
        [exchange],
      );
    // A card in another status than the entry says would make every verdict of the rule about the wrong case.
    const shown = cardStatusOf(exchange);
    if (shown !== status)
      throw new Error(
        `fixtures.unassignedCards.${status} names ${cardId}, whose status is ${String(shown)}: name ${status} cards there`,
      );
    if (assignmentOf(exchange).cardUserId === undefined) return cardId;
  }
  throw new Error(
    `every ${status} card of fixtures.unassignedCards has a card user now: name fresh unassigned ${status} cards (each run assigns two ACTIVE and three PREACTIVE ones, one by the reassignment rule's stateful phase)`,
  );
}

/** The digitalWalletProvisionable a valid assignment sends: a boolean when signed up, else null. */
export function walletValue(section: CardsSection, value = true): boolean | null {
  return section.walletProvisioning ? value : null;
}

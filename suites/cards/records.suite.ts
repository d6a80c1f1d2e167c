import { recordRule } from '../../checks/record-rule.ts';
import { cardUserStatuses } from '../../rules/cards/enums.ts';
import { cardsRuleIds as id } from '../../rules/cards/ids.ts';
import { cardSchema, cardUserSchema, inProgressCardSchema } from '../../rules/cards/schemas.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { fixtureCards } from './support/fixture-cards.ts';

const session = useCardsSession();

/** GET card of every fixture card in a status other than IN_PROGRESS, judged under one Card rule. */
async function everyCard(ruleId: string) {
  const { client, section } = session();
  const cards = fixtureCards(section.fixtures).filter(({ status }) => status !== 'IN_PROGRESS');
  return Promise.all(cards.map(async ({ cardId, status }) => recordRule(await client.getCard(cardId), ruleId, { record: `GET card of the ${status} card ${cardId}`, schema: cardSchema, statuses: [200] })));
}

for (const ruleId of [id.cardFields, id.cardAmounts, id.cardDates, id.cardReferenceId, id.merchantCodes, id.reconciliation, id.varianceBounds, id.formFactor, id.validFrom] as const) {
  ruleTest(ruleId, () => everyCard(ruleId));
}

ruleTest(id.inProgress, async () => {
  const { client, section } = session();
  return Promise.all(
    section.fixtures.unassignedCards.IN_PROGRESS.map(async (cardId) =>
      recordRule(await client.getCard(cardId), id.inProgress, { record: `GET card of the IN_PROGRESS card ${cardId}`, schema: inProgressCardSchema, statuses: [200] }),
    ),
  );
});

for (const ruleId of [id.cardUserFields, id.cardUserName, id.cardUserOneEach, id.cardUserFormats] as const) {
  ruleTest(ruleId, async () => {
    const { client, section } = session();
    return Promise.all(
      cardUserStatuses.map(async (status) => {
        const cardUserId = section.fixtures.cardUsers[status];
        return recordRule(await client.getCardUser(cardUserId), ruleId, { record: `GET card user of the ${status} user ${cardUserId}`, schema: cardUserSchema, statuses: [200] });
      }),
    );
  });
}

import type { Exchange } from '../../client/http-exchange.ts';
import { cardsOperations } from '../../rules/cards/operations.ts';
import { authorizationsResponseSchema, notificationSchema } from '../../rules/cards/authorization-schemas.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { judgedTogether } from './support/judged-together.ts';
import { recordCase } from './support/record-case.ts';
import { walkTransactionPages } from './support/walk-transactions.ts';
import { isBlocked, resultOrBlock } from '../../engine/result-or-block.ts';

const session = useCardsSession();

/** The cards whose authorizations are read: the one with more than 100, and the assigned ones. */
const cards = () => {
  const { fixtures } = session().section;
  return [fixtures.manyAuthorizationsCardId, fixtures.assignedCards.ACTIVE, fixtures.assignedCards.PREACTIVE];
};

/** The card's last five digits, read leniently: a card read that gave none is the card rules' to judge. */
function lastFiveOf(card: Exchange): unknown {
  if (card.error || card.response?.status !== 200) return undefined;
  try {
    return (card.response.json() as { cardDetails?: { cardLastFive?: unknown } } | null)?.cardDetails?.cardLastFive;
  } catch {
    return undefined;
  }
}

ruleTest('cards.authorizations.limit', async ({ check }) => {
  const { client } = session();
  return Promise.all(cards().map(async (cardId) => check(await client.getAuthorizations(cardId))));
});

ruleTest('cards.authorizations.of-card', async ({ check }) => {
  const { client } = session();
  return judgedTogether(
    cards().map(async (cardId) => {
      const lastFive = lastFiveOf(await client.getCard(cardId));
      return check({
        exchange: await client.getAuthorizations(cardId),
        cardId,
        lastFive: typeof lastFive === 'string' ? lastFive : undefined,
      });
    }),
  );
});

ruleTest('cards.authorizations.card-required', async ({ check }) => {
  const { client } = session();
  return check(await client.send(cardsOperations.getAuthorizations, undefined), 400);
});

// The card with more than 100 authorizations, beside the pages of its transactions (their only other witness, where the
// target links the two): the walk as far as its links go, read leniently (page 1 alone where the walk is stopped).
ruleTest('cards.authorizations.most-recent', async ({ observe, check }) => {
  const { client, section } = session();
  const cardId = section.fixtures.manyAuthorizationsCardId;
  const authorizations = await client.getAuthorizations(cardId);
  const walk = await resultOrBlock(() => walkTransactionPages(client, { cardId }, { partial: true }));
  const transactions = isBlocked(walk)
    ? [await client.getTransactions({ cardId })]
    : walk.pages.map((page) => page.exchange);
  const verdict = check({ cardId, authorizations, transactions });
  if (verdict.observations?.judged) observe('not judged', verdict.observations.judged);
  return verdict;
});

ruleTest('cards.authorizations.items', async ({ check }) => {
  const { client } = session();
  // Whether GET authorizations answers a list at all is the limit rule's; the items rule is blocked by it there.
  return judgedTogether(
    cards().map(async (cardId) =>
      recordCase(
        await client.getAuthorizations(cardId),
        {
          record: `GET authorizations of ${cardId}`,
          schema: authorizationsResponseSchema,
          statuses: [200],
          statusRule: 'cards.authorizations.limit',
        },
        check,
      ),
    ),
  );
});

ruleTest('cards.notification.record', async ({ check }) => {
  const { client } = session();
  return check(await client.getAuthorizationNotification(), {
    record: 'GET authorizationnotifications',
    schema: notificationSchema,
    statuses: [200],
  });
});

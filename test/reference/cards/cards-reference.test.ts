import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CardsClient } from '../../../suites/cards/client/cards-client.ts';
import { Redactor } from '../../../core/redaction.ts';
import { cardsFamily } from '../../../families/cards.ts';
import { referenceFixtures } from '../../../reference/cards/fixtures.ts';
import { startReferenceServer, type RunningReference } from '../../../reference/server.ts';
import { addDays, dayOf, eighteenMonthsAgo } from '../../../rules/cards/calendar.ts';
import { cardsSectionSchema } from '../../../suites/cards/entry/section.ts';
import { walkTransactionPages } from '../../../suites/cards/support/walk-transactions.ts';
import { walkTransactions } from '../../../suites/cards/checks/transactions-walk.ts';
import { transactionDay } from '../../../rules/cards/transactions-schemas.ts';

const env: NodeJS.ProcessEnv = { REFERENCE_CARDS_TOKEN: 'cards-reference-test-token' };
const settings = { timeoutMs: 5000, maxBodyBytes: 8 << 20, concurrency: 4, unresponsiveAfter: 3 };
let signedUp: RunningReference;
let unsigned: RunningReference;
let client: CardsClient;
let unsignedClient: CardsClient;

const clientFor = (reference: RunningReference, mode: string) =>
  new CardsClient(
    cardsSectionSchema.parse(cardsFamily.reference.targetSection(reference.baseUrls.cards as string, mode, env)),
    settings,
    new Redactor(),
  );

beforeAll(async () => {
  signedUp = await startReferenceServer({ serve: [cardsFamily], env });
  unsigned = await startReferenceServer({
    serve: [cardsFamily],
    env,
    families: { cards: { mode: 'no-wallet-provisioning' } },
  });
  client = clientFor(signedUp, 'wallet-provisioning');
  unsignedClient = clientFor(unsigned, 'no-wallet-provisioning');
});
afterAll(async () => {
  await Promise.all([client.close(), unsignedClient.close()]);
  await Promise.all([signedUp.close(), unsigned.close()]);
});

describe('cards reference', () => {
  test('the bundled targets.json names exactly the reference fixtures', () => {
    const targets = JSON.parse(readFileSync(new URL('../../../targets.json', import.meta.url), 'utf8')) as {
      targets: { reference: { families: { cards: { fixtures: unknown } } } };
    };
    expect(targets.targets.reference.families.cards.fixtures).toEqual(referenceFixtures());
  });
  test('the history is relative to the clock: more than 500 in the default window, some older than 18 months', async () => {
    const { historyAccountId } = referenceFixtures();
    const first = (await client.getTransactions({ accountId: historyAccountId })).response?.json() as {
      paginationDetails: { page: { totalCount: number } };
    };
    expect(first.paginationDetails.page.totalCount).toBeGreaterThan(500);
    const oldest = addDays(eighteenMonthsAgo(dayOf(Date.now())), 1);
    const edge = await walkTransactionPages(client, {
      accountId: historyAccountId,
      startDate: oldest,
      endDate: oldest,
    });
    expect(walkTransactions(edge).map(transactionDay)).toContain(oldest);
  });
  test('without wallet provisioning a PATCH takes null and refuses a boolean; with it the reverse', async () => {
    const { unassignedCards, cardUsers } = referenceFixtures();
    const [card] = unassignedCards.ACTIVE as [string];
    expect(
      (await unsignedClient.patchCard(card, { cardUserId: cardUsers.ACTIVATED, digitalWalletProvisionable: true }))
        .response?.status,
    ).toBe(400);
    const accepted = await unsignedClient.patchCard(card, {
      cardUserId: cardUsers.ACTIVATED,
      digitalWalletProvisionable: null,
    });
    expect(accepted.response?.json()).toEqual({
      cardId: card,
      cardUserId: cardUsers.ACTIVATED,
      digitalWalletProvisionable: null,
    });
    expect(
      (await client.patchCard(card, { cardUserId: cardUsers.ACTIVATED, digitalWalletProvisionable: null })).response
        ?.status,
    ).toBe(400);
    expect(
      (await client.patchCard(card, { cardUserId: cardUsers.ACTIVATED, digitalWalletProvisionable: true })).response
        ?.status,
    ).toBe(200);
  });
});

import { assignmentOf, cardBodyOf } from './checks/card-view.ts';
import type { RecordExpectation } from '../../checks/record-rule.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { assignableCardStatuses, cardUserStatuses } from '../../rules/cards/enums.ts';
import { cardSchema, cardUserSchema, inProgressCardSchema, inProgressStatusPlace } from '../../rules/cards/schemas.ts';
import { walkedPageSchema } from '../../rules/cards/transactions-schemas.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { fixtureCards } from './support/fixture-cards.ts';
import { judgedTogether } from './support/judged-together.ts';
import { recordCase } from './support/record-case.ts';
import { isBlocked, resultOrBlock } from '../../engine/result-or-block.ts';

const session = useCardsSession();

/**
 * The cards the first transactions of an account name; none when they cannot be read (that is for the transactions
 * rules to judge).
 */
async function cardsNamedByHistory(accountId: string): Promise<string[]> {
  // not-a-limit: the first 50 transactions are enough to name cards; not the authorizations per outcome.
  const answer = (await session().client.getTransactions({ accountId, pageSize: 50 })).response;
  try {
    const { transactions } = walkedPageSchema.parse(answer?.json());
    return transactions
      .map((item) => (item as { cardId?: unknown } | null)?.cardId)
      .filter((cardId): cardId is string => typeof cardId === 'string');
  } catch {
    return [];
  }
}

/**
 * The card user GET card shows on an assigned card, or undefined where it shows no card (the Card rules judge that).
 */
async function cardUserOfAssigned(cardId: string): Promise<unknown> {
  const assignment = await resultOrBlock(async () => assignmentOf(await session().client.getCard(cardId)));
  return isBlocked(assignment) ? undefined : assignment.cardUserId;
}

/**
 * GET card of every fixture card in a status other than IN_PROGRESS, and of the other cards the fixtures
 * lead to (the one with many authorizations, those the history account's transactions name), judged under
 * one Card rule. The disposable account's cards are left to the unenrolment rules, which may run meanwhile.
 */
async function everyCard(check: (exchange: Exchange, expected: RecordExpectation) => Verdict) {
  const { client, section } = session();
  const declared = fixtureCards(section.fixtures).filter(({ status }) => status !== 'IN_PROGRESS');
  const named = await cardsNamedByHistory(section.fixtures.historyAccountId);
  const others = [...new Set([section.fixtures.manyAuthorizationsCardId, ...named])].filter(
    (cardId) => !declared.some((card) => card.cardId === cardId),
  );
  const cards = [
    ...declared.map(({ cardId, status }) => ({ cardId, what: `the ${status} card ${cardId}` })),
    ...others.map((cardId) => ({ cardId, what: `the card ${cardId}` })),
  ];
  // Whether GET card answers a Card at all is the fields rule's; the other Card rules are blocked by it there.
  return judgedTogether(
    cards.map(async ({ cardId, what }) =>
      recordCase(
        await client.getCard(cardId),
        { record: `GET card of ${what}`, schema: cardSchema, statuses: [200], statusRule: 'cards.card.fields' },
        check,
      ),
    ),
  );
}

for (const ruleId of [
  'cards.card.fields',
  'cards.card.amounts',
  'cards.card.dates',
  'cards.card.reference-id',
  'cards.card.merchant-codes',
  'cards.card.reconciliation',
  'cards.card.variance-bounds',
  'cards.card.valid-from',
] as const) {
  ruleTest(ruleId, ({ check }) => everyCard(check));
}

/** The values a JSON answer shows at a path of fields, read leniently (none where the body is not a record). */
function valuesAt(exchange: Exchange, path: readonly (string | number)[]): string[] {
  let value: unknown;
  try {
    value = exchange.response?.json();
  } catch {
    return [];
  }
  for (const key of path) value = (value as Record<string | number, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? [value] : [];
}

// "only VIRTUAL is currently supported" describes the service today: a form factor of the enumeration passes, and
// which ones the cards show is reported (docs/coverage.md, Readings, cards).
ruleTest('cards.card.form-factor', async ({ observe, check }) => {
  const met = new Set<string>();
  const verdicts = await everyCard((exchange, expected) => {
    for (const formFactor of valuesAt(exchange, ['cardDetails', 'formFactor'])) met.add(formFactor);
    return check(exchange, expected);
  });
  observe('form factors shown', [...met].join(', '));
  return verdicts;
});

ruleTest('cards.card.in-progress', async ({ observe, check }) => {
  const { client, section } = session();
  const answers = await Promise.all(
    section.fixtures.unassignedCards.IN_PROGRESS.map(async (cardId) => ({
      cardId,
      exchange: await client.getCard(cardId),
    })),
  );
  // The document allows the status at the top level or in cardDetails: which one the target chose is reported.
  observe(
    'where the IN_PROGRESS status is shown',
    [...new Set(answers.map(({ exchange }) => inProgressStatusPlace(cardBodyOf(exchange))))].join(', '),
  );
  return answers.map(({ cardId, exchange }) =>
    check(exchange, {
      record: `GET card of the IN_PROGRESS card ${cardId}`,
      schema: inProgressCardSchema,
      statuses: [200],
    }),
  );
});

/**
 * GET card user of every declared user and of the users of the assigned cards, judged under one CardUser rule;
 * `seen` is shown each answer first (for what the rule observes).
 */
async function everyCardUser(
  check: (exchange: Exchange, expected: RecordExpectation) => Verdict,
  seen: (exchange: Exchange) => void = () => {},
) {
  const { client, section } = session();
  const declared = cardUserStatuses.map((status) => ({
    cardUserId: section.fixtures.cardUsers[status],
    what: `the ${status} user`,
  }));
  // The users the assigned cards have, which the entry does not name; an assigned card GET card does not show
  // is the Card rules' to judge, and the declared users are judged all the same.
  const holders = await Promise.all(
    assignableCardStatuses.map(async (status) => cardUserOfAssigned(section.fixtures.assignedCards[status])),
  );
  const others = [
    ...new Set(holders.filter((cardUserId): cardUserId is string => typeof cardUserId === 'string')),
  ].filter((cardUserId) => !declared.some((user) => user.cardUserId === cardUserId));
  const users = [...declared, ...others.map((cardUserId) => ({ cardUserId, what: 'the user of an assigned card' }))];
  // Whether GET card user answers a CardUser at all is the fields rule's; the other CardUser rules are blocked by it
  // there.
  return judgedTogether(
    users.map(async ({ cardUserId, what }) => {
      const exchange = await client.getCardUser(cardUserId);
      seen(exchange);
      return recordCase(
        exchange,
        {
          record: `GET card user of ${what} ${cardUserId}`,
          schema: cardUserSchema,
          statuses: [200],
          statusRule: 'cards.card-user.fields',
        },
        check,
      );
    }),
  );
}

for (const ruleId of ['cards.card-user.name', 'cards.card-user.one-each'] as const) {
  ruleTest(ruleId, ({ check }) => everyCardUser(check));
}

/*
 * "only PERSONAL currently supported" (email type) and "only the U.S. code supported" (phone countryCode) describe the
 * service today, as "only VIRTUAL is currently supported" does: the enumeration and the three digits are judged, the
 * values met reported (docs/coverage.md, Readings, cards).
 */
const observedCardUserValues = {
  'cards.card-user.fields': { what: 'email types shown', path: ['email', 0, 'type'] },
  'cards.card-user.formats': { what: 'phone country codes shown', path: ['phone', 0, 'countryCode'] },
} as const;

for (const [ruleId, { what, path }] of Object.entries(observedCardUserValues) as [
  keyof typeof observedCardUserValues,
  (typeof observedCardUserValues)[keyof typeof observedCardUserValues],
][]) {
  ruleTest(ruleId, async ({ observe, check }) => {
    const met = new Set<string>();
    const verdicts = await everyCardUser(check, (exchange) => {
      for (const value of valuesAt(exchange, path)) met.add(value);
    });
    observe(what, [...met].join(', '));
    return verdicts;
  });
}

import type { FilterMatchingNothing, PatchNamingUser } from './checks/id-refused.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import {
  cardsOperations,
  documentedStatuses,
  idPlace,
  malformedIdStatuses,
  unknownIdStatuses,
} from '../../rules/cards/operations.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { freeCard } from './support/free-card.ts';
import {
  addressedBy,
  badRequests,
  everyOperation,
  malformedIds,
  patchBodyFor,
  unknownId,
  type OperationExchange,
} from './support/operation-requests.ts';

const session = useCardsSession();

/**
 * PATCH of a free ACTIVE card naming a card user by the given ids: `check` says it is refused, and the card keeps no
 * user.
 */
async function patchNamingUsers(
  cardUserIds: readonly string[],
  statuses: readonly number[],
  check: (observed: PatchNamingUser, statuses: readonly number[]) => Verdict,
) {
  const { client, section } = session();
  const cardId = await freeCard(client, section, 'ACTIVE', { fromEnd: true });
  const verdicts = [];
  for (const cardUserId of cardUserIds) {
    const patch = await client.patchCard(cardId, { ...patchBodyFor(section), cardUserId });
    verdicts.push(check({ patch, after: await client.getCard(cardId), cardId, cardUserId }, statuses));
  }
  return verdicts;
}

/**
 * Which status each operation answered, for the report: where the document lists several, the choice is the target's.
 */
const statusesMet = (verdicts: readonly Verdict[], names: readonly string[]) =>
  verdicts
    .map(
      (verdict, index) =>
        `${names[index] ?? 'PATCH card naming the user'}: ${String(verdict.observations?.status)}${verdict.observations?.answered ? ` (${String(verdict.observations.answered)})` : ''}`,
    )
    .join(', ');

/**
 * What an answer to an operation addressed by an id is judged as: a GET transactions carries it as an optional filter
 * (refused, or a page without transactions), every other operation as the id it is addressed by.
 */
function addressed({ operation, exchange }: OperationExchange): Exchange | FilterMatchingNothing {
  if (operation.name !== cardsOperations.getTransactions.name) return exchange;
  const query = new URL(exchange.request.url).searchParams;
  const filter = ['cardId', 'accountId'].find((name) => query.has(name)) ?? 'filter';
  return { filtered: exchange, filter: `${filter} ${query.get(filter) ?? ''}`, success: operation.success };
}

ruleTest('cards.ids.unknown', async ({ observe, check }) => {
  const { client, section, run } = session();
  const answers = await addressedBy(client, section, unknownId(run.seed));
  const verdicts = answers.map((answer) =>
    check(addressed(answer), unknownIdStatuses(answer.operation, idPlace(answer.operation))),
  );
  const patched = await patchNamingUsers(
    [unknownId(run.seed)],
    unknownIdStatuses(cardsOperations.patchCard, 'body'),
    check,
  );
  observe(
    'statuses for an unknown id',
    statusesMet(
      [...verdicts, ...patched],
      answers.map(({ operation }) => operation.name),
    ),
  );
  return [...verdicts, ...patched];
});

ruleTest('cards.ids.malformed', async ({ observe, check }) => {
  const { client, section } = session();
  const answers = (await Promise.all(malformedIds.map((malformed) => addressedBy(client, section, malformed)))).flat();
  const verdicts = answers.map((answer) => check(addressed(answer), malformedIdStatuses(answer.operation)));
  const patched = await patchNamingUsers(malformedIds, malformedIdStatuses(cardsOperations.patchCard), check);
  observe(
    'statuses for ids that cannot be ids',
    [...new Set([...verdicts, ...patched].map((verdict) => verdict.observations?.status))].join(', '),
  );
  return [...verdicts, ...patched];
});

/** Valid, unknown, malformed, unauthenticated, wrongly authenticated and otherwise bad requests to every operation. */
async function everyKindOfRequest(): Promise<OperationExchange[]> {
  const { client, section, run } = session();
  const groups = await Promise.all([
    everyOperation(client, section, 'token'),
    everyOperation(client, section, 'none'),
    everyOperation(client, section, { authorization: 'Bearer harness-invalid-token' }),
    addressedBy(client, section, unknownId(run.seed)),
    badRequests(client, section),
  ]);
  return groups.flat();
}

for (const ruleId of ['cards.errors.bad-request-body', 'cards.errors.error-code-body'] as const) {
  ruleTest(ruleId, async ({ check }) =>
    (await everyKindOfRequest()).map(({ operation, exchange }) => check(exchange, { operation: operation.name })),
  );
}

ruleTest('cards.errors.documented-statuses', async ({ observe, check }) => {
  const answers = await everyKindOfRequest();
  // GET authorizationnotifications has no row in the errors table: its statuses are observed, not judged.
  const unjudged = answers.filter(({ operation }) => documentedStatuses(operation) === undefined);
  observe(
    'statuses of operations without an errors row',
    unjudged
      .map(({ operation, exchange }) => `${operation.name}: ${exchange.response?.status ?? exchange.error?.code}`)
      .join(', '),
  );
  return answers
    .filter(({ operation }) => documentedStatuses(operation) !== undefined)
    .map(({ operation, exchange }) =>
      check(exchange, { documented: documentedStatuses(operation) as readonly number[], tolerated: [429] }),
    );
});

// Document 2: all bodies are JSON. Every answer of every kind of request that carries a body is judged.
ruleTest('cards.bodies.json', async ({ observe, check }) => {
  const answers = await everyKindOfRequest();
  const withBody = answers.filter(({ exchange }) => !exchange.response || exchange.response.body.length > 0);
  observe('answers without a body', answers.length - withBody.length);
  return withBody.map(({ exchange }) => check(exchange));
});

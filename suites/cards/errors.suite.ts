import type { PatchNamingUser } from '../../checks/cards/id-refused.ts';
import type { Verdict } from '../../checks/rule-violation.ts';
import { cardsRuleIds as id } from '../../rules/cards/ids.ts';
import { documentedStatuses } from '../../rules/cards/operations.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { freeCard } from './support/free-card.ts';
import { addressedBy, badRequests, everyOperation, malformedIds, patchBodyFor, unknownId, type OperationExchange } from './support/operation-requests.ts';

const session = useCardsSession();

/** PATCH of a free ACTIVE card naming a card user by the given ids: `check` says it is refused, and the card keeps no user. */
async function patchNamingUsers(ruleId: string, cardUserIds: readonly string[], status: number, check: (observed: PatchNamingUser, status: number) => Verdict) {
  const { client, section } = session();
  const cardId = await freeCard(client, section, 'ACTIVE', ruleId, { fromEnd: true });
  const verdicts = [];
  for (const cardUserId of cardUserIds) {
    const patch = await client.patchCard(cardId, { ...patchBodyFor(section), cardUserId });
    verdicts.push(check({ patch, after: await client.getCard(cardId), cardId, cardUserId }, status));
  }
  return verdicts;
}

ruleTest(id.unknownIds, async ({ check }) => {
  const { client, section, run } = session();
  const answers = await addressedBy(client, section, unknownId(run.seed));
  return [...answers.map(({ exchange }) => check(exchange, 404)), ...(await patchNamingUsers(id.unknownIds, [unknownId(run.seed)], 404, check))];
});

ruleTest(id.malformedIds, async ({ check }) => {
  const { client, section } = session();
  const answers = (await Promise.all(malformedIds.map((malformed) => addressedBy(client, section, malformed)))).flat();
  return [...answers.map(({ exchange }) => check(exchange, 400)), ...(await patchNamingUsers(id.malformedIds, malformedIds, 400, check))];
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

for (const ruleId of [id.errorsBadRequest, id.errorsErrorCode] as const) {
  ruleTest(ruleId, async ({ check }) => (await everyKindOfRequest()).map(({ operation, exchange }) => check(exchange, { operation: operation.name })));
}

ruleTest(id.errorsStatuses, async ({ observe, check }) => {
  const answers = await everyKindOfRequest();
  // GET authorizationnotifications has no row in the errors table: its statuses are observed, not judged.
  const unjudged = answers.filter(({ operation }) => documentedStatuses(operation) === undefined);
  observe('statuses of operations without an errors row', unjudged.map(({ operation, exchange }) => `${operation.name}: ${exchange.response?.status ?? exchange.error?.code}`).join(', '));
  return answers
    .filter(({ operation }) => documentedStatuses(operation) !== undefined)
    .map(({ operation, exchange }) => check(exchange, { documented: documentedStatuses(operation) as readonly number[], tolerated: [429] }));
});

// Document 2: all bodies are JSON. Every answer of every kind of request that carries a body is judged.
ruleTest(id.bodiesJson, async ({ observe, check }) => {
  const answers = await everyKindOfRequest();
  const withBody = answers.filter(({ exchange }) => !exchange.response || exchange.response.body.length > 0);
  observe('answers without a body', answers.length - withBody.length);
  return withBody.map(({ exchange }) => check(exchange));
});

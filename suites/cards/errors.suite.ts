import { assignmentOutcome } from '../../checks/cards/assignment.ts';
import { cardsErrorBody } from '../../checks/cards/error-body.ts';
import { documentedStatus } from '../../checks/documented-status.ts';
import { jsonBody } from '../../checks/json-body.ts';
import { statusForInvalidInput } from '../../checks/status-for-invalid-input.ts';
import { cardsRuleIds as id } from '../../rules/cards/ids.ts';
import { documentedStatuses } from '../../rules/cards/operations.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { freeCard } from './support/free-card.ts';
import { addressedBy, badRequests, everyOperation, malformedIds, patchBodyFor, unknownId, type OperationExchange } from './support/operation-requests.ts';

const session = useCardsSession();

/** PATCH of a free ACTIVE card naming a card user by the given ids: refused, and the card keeps no user. */
async function patchNamingUsers(ruleId: string, cardUserIds: readonly string[], status: number) {
  const { client, section } = session();
  const cardId = await freeCard(client, section, 'ACTIVE', ruleId, { fromEnd: true });
  const verdicts = [];
  for (const cardUserId of cardUserIds) {
    const patch = await client.patchCard(cardId, { ...patchBodyFor(section), cardUserId });
    verdicts.push(statusForInvalidInput(patch, ruleId, status));
    verdicts.push(assignmentOutcome({ patch, after: await client.getCard(cardId), why: `PATCH of ${cardId} naming card user ${cardUserId}`, accepted: false, cardUserId, before: undefined }, ruleId));
  }
  return verdicts;
}

ruleTest(id.unknownIds, async () => {
  const { client, section, run } = session();
  const answers = await addressedBy(client, section, unknownId(run.seed));
  return [...answers.map(({ exchange }) => statusForInvalidInput(exchange, id.unknownIds, 404)), ...(await patchNamingUsers(id.unknownIds, [unknownId(run.seed)], 404))];
});

ruleTest(id.malformedIds, async () => {
  const { client, section } = session();
  const answers = (await Promise.all(malformedIds.map((malformed) => addressedBy(client, section, malformed)))).flat();
  return [...answers.map(({ exchange }) => statusForInvalidInput(exchange, id.malformedIds, 400)), ...(await patchNamingUsers(id.malformedIds, malformedIds, 400))];
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
  ruleTest(ruleId, async () => (await everyKindOfRequest()).map(({ operation, exchange }) => cardsErrorBody(exchange, ruleId, { operation: operation.name })));
}

ruleTest(id.errorsStatuses, async ({ observe }) => {
  const answers = await everyKindOfRequest();
  // GET authorizationnotifications has no row in the errors table: its statuses are observed, not judged.
  const unjudged = answers.filter(({ operation }) => documentedStatuses(operation) === undefined);
  observe('statuses of operations without an errors row', unjudged.map(({ operation, exchange }) => `${operation.name}: ${exchange.response?.status ?? exchange.error?.code}`).join(', '));
  return answers
    .filter(({ operation }) => documentedStatuses(operation) !== undefined)
    .map(({ operation, exchange }) => documentedStatus(exchange, id.errorsStatuses, { documented: documentedStatuses(operation) as readonly number[], tolerated: [429] }));
});

// Document 2: all bodies are JSON. Every answer of every kind of request that carries a body is judged.
ruleTest(id.bodiesJson, async ({ observe }) => {
  const answers = await everyKindOfRequest();
  const withBody = answers.filter(({ exchange }) => !exchange.response || exchange.response.body.length > 0);
  observe('answers without a body', answers.length - withBody.length);
  return withBody.map(({ exchange }) => jsonBody(exchange, id.bodiesJson));
});

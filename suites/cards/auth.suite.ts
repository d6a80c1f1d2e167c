import { invalidBearerCases } from '../support/invalid-bearer-cases.ts';
import { unauthenticatedStatuses } from '../../rules/cards/operations.ts';
import { forAll } from '../support/for-all.ts';
import { registerSecretDerived } from '../../engine/report-values.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { everyOperation, type OperationExchange } from './support/operation-requests.ts';

const session = useCardsSession();

/**
 * The unauthenticated statuses of the operation's row (401, and 403 where listed); any 4xx where the operation has no
 * row.
 */
const documentedRefusal = ({ operation }: OperationExchange) => unauthenticatedStatuses(operation) ?? null;

/** Which of its listed statuses each operation answered, for the report. */
const answered = (answers: readonly OperationExchange[]) =>
  answers
    .map(({ operation, exchange }) => `${operation.name}: ${exchange.response?.status ?? exchange.error?.code}`)
    .join(', ');

ruleTest('cards.auth.missing', async ({ observe, check }) => {
  const { client, section } = session();
  const answers = await everyOperation(client, section, 'none');
  observe('statuses without Authorization', answered(answers));
  return answers.map((answer) => check(answer.exchange, documentedRefusal(answer)));
});

ruleTest('cards.auth.invalid', async ({ observe, check }) => {
  const { client, section, property, run } = session();
  // The shared bearer variants (altered, truncated, extended, other scheme), each breaking this rule (in progress).
  const variants = registerSecretDerived(invalidBearerCases(section.token));
  const met = new Set<string>();
  await forAll(variants, property({ runs: Math.ceil(run.runs / 10) }), async (invalid) => {
    const answers = await everyOperation(client, section, { authorization: invalid.value });
    met.add(answered(answers));
    for (const answer of answers) check(answer.exchange, documentedRefusal(answer));
  });
  observe('statuses for a token the target did not issue', [...met].join(' | '));
});

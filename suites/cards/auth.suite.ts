import { invalidBearer } from '../../generators/invalid-bearer.ts';
import { cardsRuleIds as id } from '../../rules/cards/ids.ts';
import { forAll } from '../support/for-all.ts';
import { registerSecretDerived } from '../support/report-values.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { everyOperation, type OperationExchange } from './support/operation-requests.ts';

const session = useCardsSession();

/** 401 where the operation's row lists it; any 4xx where the operation has no row. */
const documented401 = ({ operation }: OperationExchange) => (operation.errors?.includes(401) ? 401 : null);

ruleTest(id.authMissing, async ({ check }) => {
  const { client, section } = session();
  return (await everyOperation(client, section, 'none')).map((answer) => check(answer.exchange, documented401(answer)));
});

ruleTest(id.authInvalid, async ({ check }) => {
  const { client, section, property, run } = session();
  // The shared bearer variants (altered, truncated, extended, other scheme), judged under the cards rule.
  const variants = registerSecretDerived(invalidBearer(id.authInvalid, section.token));
  await forAll(variants, property({ runs: Math.ceil(run.runs / 10) }), async (invalid) => {
    (await everyOperation(client, section, { authorization: invalid.value })).forEach((answer) => check(answer.exchange, documented401(answer)));
  });
});

import type { CustodyAuth, CustodyClient } from './client/custody-client.ts';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { invalidBearerCases } from '../support/invalid-bearer-cases.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import { forAll } from '../support/for-all.ts';
import { registerSecretDerived } from '../../engine/report-values.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';

const session = useCustodySession();

/** Every custody operation (the nine listings and the upgrade), each ready to be sent with a given authentication. */
const operations = (client: CustodyClient): ((auth: CustodyAuth) => ReturnType<CustodyClient['upgrade']>)[] => [
  ...custodyListingPaths.map(
    (endpoint) => (auth: CustodyAuth) => client.page(endpoint, { pageRequest: 'FIRST' }, auth),
  ),
  (auth: CustodyAuth) => client.upgrade({}, auth),
];

/** Every custody operation sent with the given authentication. */
const everyOperation = (client: CustodyClient, auth: CustodyAuth) => operations(client).map((send) => send(auth));

ruleTest('custody.auth.missing', async ({ check }) => {
  const exchanges = await Promise.all(everyOperation(session().client, 'none'));
  return exchanges.map((exchange) => check(exchange, null));
});

ruleTest('custody.auth.invalid', async ({ check }) => {
  const { client, section, property } = session();
  // The shared bearer variants (altered, truncated, extended, other scheme), each breaking the rule in progress.
  const variants = registerSecretDerived(invalidBearerCases(section.token));
  await forAll(variants, property({ runs: Math.ceil(session().run.runs / 10) }), async (invalid) => {
    const exchanges = await Promise.all(everyOperation(client, { authorization: invalid.value }));
    for (const [index, exchange] of exchanges.entries()) {
      try {
        check(exchange, null);
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        // An operation served with no Authorization at all ignores the header: the missing-auth rule's fault, not the
        // bearer check's.
        const bare = await operations(client)[index]?.('none');
        if (bare?.response && bare.response.status < 400)
          throw new PrerequisiteMissing(
            ['custody.auth.missing'],
            `${error.message}; the same operation is served without any Authorization header`,
            [exchange],
          );
        throw error;
      }
    }
  });
});

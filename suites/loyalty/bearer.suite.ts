import { invalidBearerCases } from '../support/invalid-bearer-cases.ts';
import { type LoyaltyOperation, loyaltyStatuses } from '../../rules/loyalty/records.ts';
import { forAll } from '../support/for-all.ts';
import { registerSecretDerived } from '../../engine/report-values.ts';
import { ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();
const all: LoyaltyOperation[] = ['subscribe', 'transfer', 'notify'];

ruleTest('loyalty.bearer.accepted', async ({ check }) => {
  const { send, validBodies } = session();
  const bodies = validBodies();
  const verdicts = [];
  for (const operation of all)
    verdicts.push(
      check(await send({ operation, body: bodies[operation] }, { auth: 'bearer' }), loyaltyStatuses.accepted),
    );
  return verdicts;
});

ruleTest('loyalty.bearer.invalid', async ({ check }) => {
  const { send, validBodies, section, property, run } = session();
  // The shared bearer variants (altered, truncated, extended, other scheme), judged under the loyalty rule.
  const variants = registerSecretDerived(invalidBearerCases(section.bearerToken ?? ''));
  await forAll(variants, property({ runs: Math.ceil(run.runs / 10) }), async (invalid) =>
    check(
      await send({ operation: 'notify', body: validBodies().notify }, { auth: { authorization: invalid.value } }),
      null,
    ),
  );
});

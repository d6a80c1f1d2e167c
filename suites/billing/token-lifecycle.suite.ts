import type { Exchange } from '../../client/http-exchange.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { ruleTest, useBillingSession } from './support/billing-session.ts';
import { tokenLifetimePhase } from './support/token-phase.ts';

const session = useBillingSession();

/** Uses of one token, spread over sequential and concurrent requests. */
const reuseCount = 12;

ruleTest('billing.token.reusable', async ({ run, check, observe }) => {
  const s = session();
  const adapter = s.client.adapter;
  const body = adapter.createChargeBody({
    name: `harness-reuse-${s.nonce}`,
    defaultPricing: { currency: 'USD', amount: 1 },
    rateCards: [],
  });
  const exchanges: Exchange[] = [];
  for (let use = 0; use < reuseCount / 2; use++)
    exchanges.push(await s.client.send(op.createCharge, { json: body, judgesTokenReuse: true }));
  exchanges.push(
    ...(await Promise.all(
      Array.from({ length: reuseCount / 2 }, () =>
        s.client.send(op.createCharge, { json: body, judgesTokenReuse: true }),
      ),
    )),
  );
  observe('tokensIssued', await s.client.tokenSession.tokensIssued());
  check(exchanges);
  // Then the token's lifetime as a state machine: another token issued for the client between the first's uses.
  await tokenLifetimePhase(run, s, check, observe);
});

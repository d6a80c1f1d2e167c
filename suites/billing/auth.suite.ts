import { invalidBearerCases } from '../support/invalid-bearer-cases.ts';
import { productDraft } from '../../generators/billing/product-draft.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { fixtureCharge, validChargeBodies } from './support/billing-actions.ts';
import { registerSecretDerived } from '../../engine/report-values.ts';
import { ruleTest, useBillingSession } from './support/billing-session.ts';
import { forAll } from '../support/for-all.ts';

const session = useBillingSession();

ruleTest('billing.catalog.auth.missing', async ({ observe, check }) => {
  const s = session();
  const chargeId = await fixtureCharge(s);
  const sent = await Promise.all(
    validChargeBodies(s, chargeId).map(async ({ operation, json }) => ({
      operation,
      exchange: await s.client.send(operation, { json, auth: 'none' }),
    })),
  );
  // Where the document lists two answers (PUT: 400 or 401), which one the target chose.
  observe(
    'statuses without a token',
    sent
      .map(
        ({ operation, exchange }) =>
          `${operation.method} ${operation.path}: ${exchange.response?.status ?? exchange.error?.code}`,
      )
      .join(', '),
  );
  return sent.map(({ operation, exchange }) => check(exchange, operation.unauthorizedStatus));
});

ruleTest('billing.catalog.auth.invalid', async ({ check }) => {
  const s = session();
  const chargeId = await fixtureCharge(s);
  const bodies = validChargeBodies(s, chargeId);
  await forAll(registerSecretDerived(invalidBearerCases(await s.client.token())), s.property(), async (invalid) => {
    await Promise.all(
      bodies.map(async ({ operation, json }) =>
        check(
          await s.client.send(operation, { json, auth: { authorization: invalid.value } }),
          operation.unauthorizedStatus,
        ),
      ),
    );
  });
});

ruleTest('billing.products.auth', async ({ observe, check }) => {
  const s = session();
  const json = s.client.adapter.createProductBody(
    productDraft.boundaries[0] as (typeof productDraft.boundaries)[number],
  );
  const withoutToken = await s.client.send(op.createProduct, { json, auth: 'none' });
  check(withoutToken, op.createProduct.unauthorizedStatus);
  observe('status without a token', withoutToken.response?.status);
  await forAll(
    registerSecretDerived(invalidBearerCases(await s.client.token())),
    s.property({ runs: Math.ceil(s.run.runs / 4) }),
    async (invalid) => {
      const exchange = await s.client.send(op.createProduct, { json, auth: { authorization: invalid.value } });
      return check(exchange, op.createProduct.unauthorizedStatus);
    },
  );
});

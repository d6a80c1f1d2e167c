import { parsedWith } from '../../checks/response-required.ts';
import { productDraft } from '../../generators/billing/product-draft.ts';
import { productWithoutPlans } from '../../generators/billing/product-without-plans.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { ruleTest, useBillingSession } from './support/billing-session.ts';
import { forAll } from '../support/for-all.ts';

const session = useBillingSession();

ruleTest('billing.products.create', async ({ observe, check }) => {
  const s = session();
  const { adapter } = s.client;
  const statuses = new Set<number>();
  await forAll(productDraft, s.property(), async (draft) => {
    const exchange = await s.client.send(op.createProduct, { json: adapter.createProductBody(draft) });
    statuses.add(exchange.response?.status ?? 0);
    const product = parsedWith(exchange, (body) => adapter.parseProductResponse(body));
    return check({ exchange, product }, draft, op.createProduct.successStatus);
  });
  observe('success status', [...statuses].join(', '));
});

ruleTest('billing.products.plans.required', async ({ observe, check }) => {
  const s = session();
  const statuses = new Set<number>();
  await forAll(productWithoutPlans, s.property({ runs: Math.ceil(s.run.runs / 10) }), async (invalid) => {
    const exchange = await s.client.send(op.createProduct, { json: s.client.adapter.createProductBody(invalid.value) });
    statuses.add(exchange.response?.status ?? 0);
    return check(exchange, op.createProduct.invalidInputStatus);
  });
  observe('rejection status', [...statuses].join(', '));
});

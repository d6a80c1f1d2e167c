import fc from 'fast-check';
import type {
  PlanDraft,
  ProductChargeDraft,
  ProductChargeModel,
  ProductDraft,
} from '../../rules/billing/adapters/model.ts';
import type { Gen } from '../gen.ts';
import { chargeName } from './charge-draft.ts';
import { pricing } from './pricing.ts';

export const productChargeModels: readonly ProductChargeModel[] = ['usage', 'recurring', 'other'];

const productCharge: fc.Arbitrary<ProductChargeDraft> = fc.record({
  name: chargeName,
  model: fc.constantFrom(...productChargeModels),
  pricing,
});

const plan: fc.Arbitrary<PlanDraft> = fc.record({
  name: chargeName.map((name) => `plan-${name}`),
  charges: fc.array(productCharge, { minLength: 1, maxLength: 4 }),
});

/** Adds to the first plan a charge of every model no plan has yet, so each product covers all three. Pure. */
export function withEveryChargeModel(product: ProductDraft): ProductDraft {
  const present = new Set(product.plans.flatMap((p) => p.charges.map((c) => c.model)));
  const missing = productChargeModels.filter((model) => !present.has(model));
  const [first, ...rest] = product.plans;
  if (!first || missing.length === 0) return product;
  const added = missing.map((model) => ({ name: `harness-${model}`, model, pricing: { currency: 'USD', amount: 1 } }));
  return { ...product, plans: [{ ...first, charges: [...first.charges, ...added] }, ...rest] };
}

/** Products with one or more plans whose charges cover the usage, recurring and other models. */
export const productDraft: Gen<ProductDraft> = {
  boundaries: [
    {
      name: 'harness-product-minimal',
      plans: [
        {
          name: 'plan-basic',
          charges: productChargeModels.map((model) => ({
            name: `charge-${model}`,
            model,
            pricing: { currency: 'USD', amount: 9.99 },
          })),
        },
      ],
    },
  ],
  arbitrary: fc
    .record({
      name: chargeName.map((name) => `product-${name}`),
      plans: fc.array(plan, { minLength: 1, maxLength: 3 }),
    })
    .map(withEveryChargeModel),
};

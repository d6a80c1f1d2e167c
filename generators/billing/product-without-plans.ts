import type { ProductDraft } from '../../rules/billing/adapters/model.ts';
import type { Gen, InvalidCase } from '../gen.ts';
import { chargeName } from './charge-draft.ts';

const noPlans = (name: string): InvalidCase<ProductDraft> => ({
  value: { name, plans: [] },
  breaks: 'billing.products.plans.required',
  why: 'no plans',
});

/** Products with zero plans: the document says one or more. */
export const productWithoutPlans: Gen<InvalidCase<ProductDraft>> = {
  boundaries: [noPlans('harness-product-empty')],
  arbitrary: chargeName.map(noPlans),
};

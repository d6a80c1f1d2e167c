import { mutant, type BillingMutant } from './define.ts';

/** Faulty variants of the product operation. */
export const productMutants: readonly BillingMutant[] = [
  mutant(
    {
      name: 'product-rejects-other-model',
      breaks: 'billing.products.create',
      mode: 'multi',
      description: 'Refuses product charges whose model is "other" with 400.',
    },
    'productChargeModels',
    (reference) => reference.filter((model) => model !== 'other'),
  ),
  mutant(
    {
      name: 'product-zero-plans',
      breaks: 'billing.products.plans.required',
      mode: 'multi',
      description: 'Accepts a product with zero plans.',
    },
    'minPlansPerProduct',
    () => 0,
  ),
  mutant(
    {
      name: 'product-no-auth',
      breaks: 'billing.products.auth',
      mode: 'multi',
      description: 'POST /commerce/products does not check the bearer token.',
    },
    'authRequired',
    (reference) => (operation) => operation !== 'createProduct' && reference(operation),
  ),
];

import type { CatalogHeaderRule } from '../behaviour.ts';
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
  ...productHeaderMutants(),
];

/**
 * POST /commerce/products leaving out one rule of the header set its row shares with POST /commerce/charges ("Same
 * header set as POST /commerce/charges"): each charge operation still keeps it.
 */
function productHeaderMutants(): BillingMutant[] {
  const leaving = (
    rule: CatalogHeaderRule,
    name: string,
    breaks: BillingMutant['breaks'],
    mode: BillingMutant['mode'],
    description: string,
  ) =>
    mutant(
      { name, breaks, mode, description },
      'skipsHeaderRule',
      (reference) => (operation, header) =>
        (operation === 'createProduct' && header === rule) || reference(operation, header),
    );
  return [
    leaving(
      'track-id',
      'product-track-id-unchecked',
      'billing.headers.track_id.length',
      'multi',
      'POST /commerce/products serves a request whatever its Svc-Track-Id (too long, forbidden characters); the charge operations still refuse one.',
    ),
    leaving(
      'track-id-echo',
      'product-track-id-not-echoed',
      'billing.headers.track_id.echo',
      'multi',
      'POST /commerce/products does not return the Svc-Track-Id it was sent.',
    ),
    leaving(
      'idempotency-key',
      'product-idempotency-key-unbounded',
      'billing.headers.idempotency_key.length',
      'multi',
      'POST /commerce/products serves a request whose Idempotency-Key is longer than 255 characters.',
    ),
    leaving(
      'entity',
      'product-entity-header-tolerated',
      'billing.headers.entity_ids.forbidden',
      'plain',
      'Multi-entity off: POST /commerce/products serves a request carrying Svc-Entity-Ids.',
    ),
    leaving(
      'org',
      'product-org-ids-tolerated',
      'billing.headers.org_ids.forbidden',
      'plain',
      'Multi-org off: POST /commerce/products serves a request carrying Svc-Org-Ids.',
    ),
    leaving(
      'gzip',
      'product-never-gzipped',
      'billing.compression.response_over_threshold',
      'multi',
      'POST /commerce/products never compresses its answer, however large, when gzip is accepted.',
    ),
  ];
}

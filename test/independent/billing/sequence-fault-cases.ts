import type { SequenceFaultFamily } from '../sequence-faults.ts';
import { type DocumentBillingOptions, type SequenceFaults, startDocumentBilling } from './document-service.ts';

const secrets = {
  SERVICE_CLIENT_ID: 'a1b2c3d4-0000-4000-8000-00000000c11e',
  SERVICE_CLIENT_SECRET: 'service-secret-of-the-test',
};

/**
 * The independent billing service's sequence-only faults: an org outside access, an Idempotency-Key, an update,
 * two queries and a token's lifetime, each wrong only after a particular order of calls. A multi-org service (one accessible org declared, so the scope
 * rule is not applicable).
 */
export const billingSequenceFaults: SequenceFaultFamily<SequenceFaults> = {
  family: 'billing',
  cases: [
    {
      name: 'an org refused once is stripped when the same request comes again',
      ruleId: 'billing.headers.org_ids.accessible',
      faults: { orgRefusalRemembered: true },
    },
    {
      name: 'a refused request carrying a key forgets what the key answered',
      ruleId: 'billing.headers.idempotency_key.replay',
      faults: { refusalForgetsKey: true },
    },
    {
      name: "the query reads a pricing cache filled by a charge's first update",
      ruleId: 'billing.charges.update.body_identifies',
      faults: { pricingCachedAtFirstUpdate: true },
    },
    {
      name: 'a query naming no charge leaves one behind, so the same query is served the next time',
      ruleId: 'billing.charges.query.no_side_effects',
      faults: { unknownQueryCreatesCharge: true },
    },
    {
      name: 'a query keeps its first answer for the attribute values, whatever rows a PUT brings later',
      ruleId: 'billing.charges.query.rate_card_match',
      faults: { queryAnswerCached: true },
    },
    {
      name: 'a token stops working once another is issued for the client',
      ruleId: 'billing.token.reusable',
      faults: { tokenRevokedByNext: true },
      aloneOnly:
        "the phase's other token ends the run's shared one too, so every later rule would be refused with it (the harness does not renew the shared token)",
    },
  ],
  // What this service does not serve (no gzip, one entity): failed with or without faults.
  failingWithoutFaults: [
    'billing.catalog.invalid_input.status',
    'billing.compression.response_over_threshold',
    'billing.compression.request_gzip',
    'billing.headers.entity_ids.forbidden',
  ],
  // Seconds of offered load and no sequence in it.
  leftOut: ['billing.token.rate_limit'],
  start: (faults) => serve(faults),
  variants: [
    {
      name: 'refusals answered 422 where no status is shown, updates keeping former rate-card rows',
      start: () => serve({}, { refusalStatusNotShown: 422, updateKeepsFormerRows: true }),
    },
  ],
};

async function serve(
  faults: SequenceFaults,
  choices: Pick<DocumentBillingOptions, 'refusalStatusNotShown' | 'updateKeepsFormerRows'> = {},
) {
  const service = await startDocumentBilling({
    clientId: secrets.SERVICE_CLIENT_ID,
    clientSecret: secrets.SERVICE_CLIENT_SECRET,
    accessibleOrgs: ['org-a', 'org-b'],
    faults,
    ...choices,
  });
  const billing = {
    baseUrl: service.baseUrl,
    credentials: { clientId: '${SERVICE_CLIENT_ID}', clientSecret: '${SERVICE_CLIENT_SECRET}' },
    tenant: { multiOrg: true, accessibleOrgs: ['org-a'], inaccessibleOrgs: ['org-z'] },
  };
  return { entry: { kind: 'url' as const, families: { billing } }, env: secrets, close: () => service.close() };
}

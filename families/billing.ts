import { fileURLToPath } from 'node:url';
import { billingAdapters } from '../rules/billing/adapters/registry.ts';
import { referenceFieldNames } from '../rules/billing/adapters/field-mapping.ts';
import { loadBillingAdapter } from '../rules/billing/adapters/load-adapter.ts';
import { adapterKey } from './adapter-key.ts';
import { billingReference } from '../reference/billing/index.ts';
import { billingRules } from '../rules/billing/rules.ts';
import { billingStatefulSentences } from '../rules/billing/stateful-sentences.ts';
import { type BillingSection, billingConfigFixes, billingSectionSchema } from '../suites/billing/entry/section.ts';
import { defineFamily } from './family.ts';
import { billingOperations } from '../rules/billing/operations.ts';

/** The billing interface (spec document 1): OAuth token, product-catalog charges and products. */
export const billingFamily = defineFamily({
  name: 'billing',
  title: 'Billing service: OAuth token, catalog charges and products (spec document 1)',
  rules: billingRules,
  statefulSentences: billingStatefulSentences,
  checks: async () => (await import('../suites/billing/checks/index.ts')).billingChecks,
  section: billingSectionSchema,
  configFixes: billingConfigFixes,
  // The adapter: a shipped name, a field mapping, or a module of the team's own, loaded and checked before any traffic.
  ...adapterKey<BillingSection>({
    shipped: billingAdapters,
    referenceFields: referenceFieldNames,
    records: 'records',
    load: loadBillingAdapter,
    interfaceName: 'BillingAdapter',
    exportedFrom: 'api-conformance-harness/adapters/billing/adapter.ts',
  }),
  suitesDir: fileURLToPath(new URL('../suites/billing', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  // A token request the target leaves unanswered is the token rule's: it fails, the rules that needed a token are blocked.
  openSession: async (options) =>
    (await import('../suites/billing/client/session.ts')).openBillingSession({
      ...options,
      tokenRule: 'billing.token.issue',
      adapter: await loadBillingAdapter(options.section.adapter),
    }),
  reference: billingReference,
  // Loaded only by `harness load`: a run and the reference child never need the profiles and probes.
  load: async () => {
    const [{ billingNightly }, { billingProbes }] = await Promise.all([
      import('../suites/billing/load/nightly.ts'),
      import('../suites/billing/load/probes.ts'),
    ]);
    return { nightly: billingNightly, probes: billingProbes };
  },
  // Every operation with an empty body and no token: refused (400 or 401), so nothing is issued or charged.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: Object.values(billingOperations).map(({ method, path }) => ({ method, path, json: {} })),
  }),
});

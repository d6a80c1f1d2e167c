import { fileURLToPath } from 'node:url';
import { billingAdapters } from '../adapters/billing/registry.ts';
import { billingReference } from '../reference/billing/index.ts';
import { billingRules } from '../rules/billing/rules.ts';
import { billingStatefulSentences } from '../rules/billing/stateful-sentences.ts';
import { billingConfigFixes, billingSectionSchema } from '../targets/billing/section.ts';
import { defineFamily } from './family.ts';
import { billingOperations } from '../rules/billing/operations.ts';

/** The billing interface (spec document 1): OAuth token, product-catalog charges and products. */
export const billingFamily = defineFamily({
  name: 'billing',
  title: 'Billing service: OAuth token, catalog charges and products (spec document 1)',
  rules: billingRules,
  statefulSentences: billingStatefulSentences,
  checks: async () => (await import('../checks/billing/index.ts')).billingChecks,
  section: billingSectionSchema,
  configFixes: billingConfigFixes,
  validateSection: (section) =>
    billingAdapters[section.adapter]
      ? undefined
      : {
          key: ['adapter'],
          message: `no adapter named "${section.adapter}"`,
          fix: `use one of: ${Object.keys(billingAdapters).join(', ')}`,
        },
  suitesDir: fileURLToPath(new URL('../suites/billing', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  // A token request the target leaves unanswered is the token rule's: it fails, the rules that needed a token are blocked.
  openSession: async (options) =>
    (await import('../client/billing/session.ts')).openBillingSession({ ...options, tokenRule: 'billing.token.issue' }),
  reference: billingReference,
  // Loaded only by `harness load`: a run and the reference child never need the profiles and probes.
  load: async () => {
    const [{ billingNightly }, { billingProbes }] = await Promise.all([
      import('../load/billing/nightly.ts'),
      import('../load/billing/probes.ts'),
    ]);
    return { nightly: billingNightly, probes: billingProbes };
  },
  // Every operation with an empty body and no token: refused (400 or 401), so nothing is issued or charged.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: Object.values(billingOperations).map(({ method, path }) => ({ method, path, json: {} })),
  }),
});

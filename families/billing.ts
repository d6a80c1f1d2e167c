import { fileURLToPath } from 'node:url';
import { billingAdapters } from '../adapters/billing/registry.ts';
import { fieldMappingProblem } from '../adapters/billing/field-mapping.ts';
import { adapterPath, isAdapterPath, loadBillingAdapter } from '../adapters/billing/load-adapter.ts';
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
    typeof section.adapter !== 'string'
      ? fieldMappingProblem(section.adapter)
      : billingAdapters[section.adapter] || isAdapterPath(section.adapter)
        ? undefined
        : {
            key: ['adapter'],
            message: `no adapter named "${section.adapter}"`,
            fix: `use one of: ${Object.keys(billingAdapters).join(', ')}, or the path of a module of yours (relative to the targets file) exporting a BillingAdapter`,
          },
  // An adapter of the team's own, named by path: loaded and checked now, its path made absolute for the workers.
  prepareSection: async (section, { targetsDir }) => {
    if (!isAdapterPath(section.adapter)) return { section };
    const path = adapterPath(section.adapter, targetsDir);
    try {
      await loadBillingAdapter(path);
      return { section: { ...section, adapter: path } };
    } catch (error) {
      return {
        problem: {
          key: ['adapter'],
          message: (error as Error).message,
          fix: "export a BillingAdapter (api-conformance-harness/adapters/billing/adapter.ts) as the module's default export, every function of it",
        },
      };
    }
  },
  suitesDir: fileURLToPath(new URL('../suites/billing', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  // A token request the target leaves unanswered is the token rule's: it fails, the rules that needed a token are blocked.
  openSession: async (options) =>
    (await import('../client/billing/session.ts')).openBillingSession({
      ...options,
      tokenRule: 'billing.token.issue',
      adapter: await loadBillingAdapter(options.section.adapter),
    }),
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

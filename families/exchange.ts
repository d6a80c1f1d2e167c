import { fileURLToPath } from 'node:url';
import { exchangeReference } from '../reference/exchange/index.ts';
import { exchangeRules } from '../rules/exchange/rules.ts';
import { exchangeStatefulSentences } from '../rules/exchange/stateful-sentences.ts';
import { type ExchangeSection, exchangeConfigFixes, exchangeSectionSchema } from '../suites/exchange/entry/section.ts';
import { defineFamily } from './family.ts';
import { batchOrdersPath } from '../rules/exchange/adapters/orders.ts';
import { operationNotServed } from '../suites/exchange/checks/operation-served.ts';
import { exchangeOrderAdapters } from '../rules/exchange/adapters/registry.ts';
import { referenceOrderFields } from '../rules/exchange/adapters/field-mapping.ts';
import { loadExchangeOrderAdapter } from '../rules/exchange/adapters/load-adapter.ts';
import { adapterKey } from './adapter-key.ts';

/** The exchange-style interface (spec document 3, part B): the code/msg/data envelope and batch orders. */
export const exchangeFamily = defineFamily({
  name: 'exchange',
  title: 'Exchange-style interface: code/msg/data envelope and batch orders (spec document 3, part B)',
  rules: exchangeRules,
  statefulSentences: exchangeStatefulSentences,
  checks: async () => (await import('../suites/exchange/checks/index.ts')).exchangeChecks,
  section: exchangeSectionSchema,
  configFixes: exchangeConfigFixes,
  // The order adapter: a shipped name, a field mapping, or a module of the team's own, checked before any traffic.
  ...adapterKey<ExchangeSection>({
    shipped: exchangeOrderAdapters,
    referenceFields: referenceOrderFields,
    records: 'orders',
    load: loadExchangeOrderAdapter,
    interfaceName: 'ExchangeOrderAdapter',
    exportedFrom: 'api-conformance-harness/adapters/exchange/adapter.ts',
  }),
  suitesDir: fileURLToPath(new URL('../suites/exchange', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  openSession: async (options) => (await import('../suites/exchange/client/session.ts')).openExchangeSession(options),
  reference: exchangeReference,
  // Loaded only by `harness load`: a run and the reference child never need the profiles and probes.
  load: async () => {
    const [{ exchangeNightly }, { exchangeProbes }] = await Promise.all([
      import('../suites/exchange/load/nightly.ts'),
      import('../suites/exchange/load/probes.ts'),
    ]);
    return { nightly: exchangeNightly, probes: exchangeProbes };
  },
  // An empty batch, unsigned: refused as a whole, so no order is placed.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: [{ method: 'POST', path: batchOrdersPath, json: [] }],
    notServed: (exchange) => operationNotServed(exchange),
  }),
  signRequest: async (section, request) =>
    (await import('../suites/exchange/client/session.ts')).withFreshExchangeSignature(section, request),
});

import { fileURLToPath } from 'node:url';
import { custodyReference } from '../reference/custody/index.ts';
import { custodyRules } from '../rules/custody/rules.ts';
import { custodyStatefulSentences } from '../rules/custody/stateful-sentences.ts';
import { custodyConfigFixes, custodySectionSchema } from '../suites/custody/entry/section.ts';
import { defineFamily } from './family.ts';
import { custodyListingPaths } from '../rules/custody/endpoints.ts';

/** The custody platform (spec document 3, part C): cursor-paginated listings and the EVM proxy upgrade. */
export const custodyFamily = defineFamily({
  name: 'custody',
  title: 'Custody platform: cursor pagination and EVM proxy upgrade (spec document 3, part C)',
  rules: custodyRules,
  statefulSentences: custodyStatefulSentences,
  checks: async () => (await import('../suites/custody/checks/index.ts')).custodyChecks,
  section: custodySectionSchema,
  configFixes: custodyConfigFixes,
  suitesDir: fileURLToPath(new URL('../suites/custody', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  openSession: async (options) => (await import('../suites/custody/client/session.ts')).openCustodySession(options),
  reference: custodyReference,
  // Loaded only by `harness load`: a run and the reference child never need the profile.
  load: async () => ({ nightly: (await import('../suites/custody/load/nightly.ts')).custodyNightly }),
  // The listings addressed by no id, unauthenticated: refused (401), never a change.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: custodyListingPaths.filter((path) => !path.includes('{')).map((path) => ({ method: 'GET', path })),
  }),
});

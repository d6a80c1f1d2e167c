import { fileURLToPath } from 'node:url';
import { cdrReference } from '../reference/cdr/index.ts';
import { cdrRules } from '../rules/cdr/rules.ts';
import { cdrStatefulSentences } from '../rules/cdr/stateful-sentences.ts';
import { cdrConfigFixes, cdrSectionSchema } from '../suites/cdr/entry/section.ts';
import { defineFamily } from './family.ts';
import { cdrOperations } from '../rules/cdr/endpoints.ts';

/** Open-banking product data (spec document 3, part A): product list, product detail, service status. */
export const cdrFamily = defineFamily({
  name: 'cdr',
  title: 'Open-banking product data: versions, filters, pagination walks, product records (spec document 3, part A)',
  rules: cdrRules,
  statefulSentences: cdrStatefulSentences,
  checks: async () => (await import('../suites/cdr/checks/index.ts')).cdrChecks,
  section: cdrSectionSchema,
  configFixes: cdrConfigFixes,
  suitesDir: fileURLToPath(new URL('../suites/cdr', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  openSession: async (options) => (await import('../suites/cdr/client/session.ts')).openCdrSession(options),
  reference: cdrReference,
  // Loaded only by `harness load`: a run and the reference child never need the profile.
  load: async () => ({ nightly: (await import('../suites/cdr/load/nightly.ts')).cdrNightly }),
  // The reads addressed by no product id (an unknown id is the document's 404), without the version header: refused
  // or answered, never a change.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: Object.values(cdrOperations)
      .filter((operation) => !operation.path.includes('{'))
      .map(({ path }) => ({ method: 'GET', path })),
    authenticated: section.token !== undefined,
  }),
});

import { fileURLToPath } from 'node:url';
import { shortenerReference } from '../reference/shortener/index.ts';
import { shortenerRules } from '../rules/shortener/rules.ts';
import { shortenerStatefulSentences } from '../rules/shortener/stateful-sentences.ts';
import { shortenerConfigFixes, shortenerSectionSchema } from '../suites/shortener/entry/section.ts';
import { defineFamily } from './family.ts';
import { mappingsPath } from '../rules/shortener/records.ts';

/** URL shortening (spec document 2, part D): POST /mappings, field rules, vanity paths per domain. */
export const shortenerFamily = defineFamily({
  name: 'shortener',
  title: 'URL shortening: mapping requests, field rules, vanity paths per domain (spec document 2, part D)',
  rules: shortenerRules,
  statefulSentences: shortenerStatefulSentences,
  checks: async () => (await import('../suites/shortener/checks/index.ts')).shortenerChecks,
  section: shortenerSectionSchema,
  configFixes: shortenerConfigFixes,
  suitesDir: fileURLToPath(new URL('../suites/shortener', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  openSession: async (options) => (await import('../suites/shortener/client/session.ts')).openShortenerSession(options),
  reference: shortenerReference,
  // Loaded only by `harness load`: a run and the reference child never need the profile.
  load: async () => ({ nightly: (await import('../suites/shortener/load/nightly.ts')).shortenerNightly }),
  // The body is not an array: refused (400), so it registers nothing. The document shows no authentication: a token is
  // sent only when the entry gives one.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: [{ method: 'POST', path: mappingsPath, json: {} }],
    authenticated: section.token !== undefined,
  }),
});

import { fileURLToPath } from 'node:url';
import { shortenerChecks } from '../checks/shortener/index.ts';
import { openShortenerSession } from '../client/shortener/session.ts';
import { shortenerReference } from '../reference/shortener/index.ts';
import { shortenerRules } from '../rules/shortener/rules.ts';
import { shortenerConfigFixes, shortenerSectionSchema } from '../targets/shortener/section.ts';
import { defineFamily } from './family.ts';

/** URL shortening (spec document 2, part D): POST /mappings, field rules, vanity paths per domain. */
export const shortenerFamily = defineFamily({
  name: 'shortener',
  title: 'URL shortening: mapping requests, field rules, vanity paths per domain (spec document 2, part D)',
  rules: shortenerRules,
  checks: shortenerChecks,
  section: shortenerSectionSchema,
  configFixes: shortenerConfigFixes,
  suitesDir: fileURLToPath(new URL('../suites/shortener', import.meta.url)),
  openSession: openShortenerSession,
  reference: shortenerReference,
  // Loaded only by `harness load`: a run and the reference child never need the profile.
  load: async () => ({ nightly: (await import('../load/shortener/nightly.ts')).shortenerNightly }),
});

import { fileURLToPath } from 'node:url';
import { agenticReference } from '../reference/agentic/index.ts';
import { agenticRules } from '../rules/agentic/rules.ts';
import { agenticStatefulSentences } from '../rules/agentic/stateful-sentences.ts';
import { agenticConfigFixes, agenticSectionSchema } from '../suites/agentic/entry/section.ts';
import { defineFamily } from './family.ts';
import { notificationsPath } from '../rules/agentic/records.ts';

/** Agentic-commerce notifications (spec document 2, part C): the harness sends JWE-encrypted updates to a partner. */
export const agenticFamily = defineFamily({
  name: 'agentic',
  title:
    'Agentic-commerce notifications to a partner: JWE payloads, headers, field rules, error bodies (spec document 2, part C)',
  rules: agenticRules,
  statefulSentences: agenticStatefulSentences,
  checks: async () => (await import('../suites/agentic/checks/index.ts')).agenticChecks,
  section: agenticSectionSchema,
  configFixes: agenticConfigFixes,
  suitesDir: fileURLToPath(new URL('../suites/agentic', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  openSession: async (options) => (await import('../suites/agentic/client/session.ts')).openAgenticSession(options),
  reference: agenticReference,
  // Loaded only by `harness load`: a run and the reference child never need the profile.
  load: async () => ({ nightly: (await import('../suites/agentic/load/nightly.ts')).agenticNightly }),
  // An empty notification, neither encrypted nor authenticated: refused, so the partner records nothing.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: [{ method: 'POST', path: notificationsPath, json: {} }],
  }),
});

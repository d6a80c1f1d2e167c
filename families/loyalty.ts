import { fileURLToPath } from 'node:url';
import { loyaltyReference } from '../reference/loyalty/index.ts';
import { loyaltyRules } from '../rules/loyalty/rules.ts';
import { loyaltyStatefulSentences } from '../rules/loyalty/stateful-sentences.ts';
import { loyaltyConfigFixes, loyaltySectionSchema } from '../suites/loyalty/entry/section.ts';
import { defineFamily } from './family.ts';
import { loyaltyOperations } from '../rules/loyalty/records.ts';

/**
 * The loyalty network (spec document 2, part A): subscribe, points-transfer orders, event notify, MAC and bearer auth.
 */
export const loyaltyFamily = defineFamily({
  name: 'loyalty',
  title:
    'Loyalty network: MAC and bearer auth, subscriptions, points-transfer orders, event notifications (spec document 2, part A)',
  rules: loyaltyRules,
  statefulSentences: loyaltyStatefulSentences,
  checks: async () => (await import('../suites/loyalty/checks/index.ts')).loyaltyChecks,
  section: loyaltySectionSchema,
  configFixes: loyaltyConfigFixes,
  suitesDir: fileURLToPath(new URL('../suites/loyalty', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  openSession: async (options) => (await import('../suites/loyalty/client/session.ts')).openLoyaltySession(options),
  reference: loyaltyReference,
  // Loaded only by `harness load`: a run and the reference child never need the profile.
  load: async () => ({ nightly: (await import('../suites/loyalty/load/nightly.ts')).loyaltyNightly }),
  // Every operation with an empty body and no MAC: refused (400 or 401), so nothing is subscribed or transferred.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: Object.values(loyaltyOperations).map((path) => ({ method: 'POST', path, json: {} })),
  }),
  signRequest: async (section, request) =>
    (await import('../suites/loyalty/client/mac-signer.ts')).withFreshLoyaltyCredentials(section, request),
});

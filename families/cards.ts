import { fileURLToPath } from 'node:url';
import { cardsReference } from '../reference/cards/index.ts';
import { cardsRules } from '../rules/cards/rules.ts';
import { cardsStatefulSentences } from '../rules/cards/stateful-sentences.ts';
import { cardsConfigFixes, cardsSectionSchema } from '../suites/cards/entry/section.ts';
import { defineFamily } from './family.ts';
import { cardsOperations } from '../rules/cards/operations.ts';

/** Card on demand (spec document 2, part B): cards, card users, transactions, authorizations, unenrolment. */
export const cardsFamily = defineFamily({
  name: 'cards',
  title: 'Card on demand: cards, card users, transactions, authorizations, unenrolment (spec document 2, part B)',
  rules: cardsRules,
  statefulSentences: cardsStatefulSentences,
  checks: async () => (await import('../suites/cards/checks/index.ts')).cardsChecks,
  section: cardsSectionSchema,
  configFixes: cardsConfigFixes,
  suitesDir: fileURLToPath(new URL('../suites/cards', import.meta.url)),
  // Imported when a run opens it: the reference child and the other families' runs never need it.
  openSession: async (options) => (await import('../suites/cards/client/session.ts')).openCardsSession(options),
  reference: cardsReference,
  // Loaded only by `harness load`: a run and the reference child never need the profile.
  load: async () => ({ nightly: (await import('../suites/cards/load/nightly.ts')).cardsNightly }),
  // The reads addressed by no id (a 404 of a card, user or account id is the document's "not found"), unauthenticated.
  doctor: (section) => ({
    baseUrl: section.baseUrl,
    requests: Object.values(cardsOperations)
      .filter((operation) => !operation.path.includes('{'))
      .map(({ method, path }) => ({ method, path })),
  }),
});

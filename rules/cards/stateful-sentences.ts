import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 2 part B's sentences that imply state across calls (docs/coverage.md, "Stateful sentences"). */
export const cardsStatefulSentences: StatefulInventory = [
  {
    quote: '2. A card that has a card user cannot be reassigned.',
    kind: 'eligibility after a state change',
    ruleId: 'cards.assign.no-reassignment',
    commands: [
      'GET card',
      'the card read through GET authorizations, transactions and card user',
      'PATCH card (valid, refused for one field)',
    ],
    interleavings: [
      'a reassignment refused once, then the same card user named again',
      'a PREACTIVE card assigned, then another user',
    ],
    // cards-preactive-reassignable breaks this rule too, but its planned probe (the PREACTIVE card reassigned) kills it.
    mutants: ['cards-reassignment-repeat-answered-done'],
  },
  {
    quote:
      'Virtual cards of the account become inaccessible; their status does not change; no card notification is sent; transactions stay retrievable.',
    kind: 'another operation shows the effect',
    ruleId: 'cards.unenrol.cards-inaccessible',
    commands: [
      'DELETE account (repeated)',
      'GET card',
      'GET transactions and authorizations naming the card',
      'PATCH card',
    ],
    interleavings: [
      'a card read through GET transactions before the account is unenrolled, then GET card',
      'the state after unenrolment through another operation than GET card: a PATCH of the card',
    ],
    mutants: ['cards-card-cached-by-transactions', 'cards-unenrolled-card-patchable'],
  },
];

import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 1's sentences that imply state across calls (docs/coverage.md, "Stateful sentences"). */
export const billingStatefulSentences: StatefulInventory = [
  {
    quote: 'Retries carrying the same value are recognised and the operation is not performed twice.',
    kind: 'memory',
    ruleId: 'billing.headers.idempotency_key.replay',
    commands: ['create (no, fresh or earlier key)', 'refused creation (earlier key)', 'repeat (another Svc-Track-Id)'],
    interleavings: [
      'a creation refused for its body between a first use and its retry',
      'the same key with another body',
      'the retry under another Svc-Track-Id',
      'the retry late in the run (lateMemoryMs)',
    ],
    mutants: ['idempotency-key-per-track-id', 'idempotency-keys-forgotten-after-three-seconds'],
  },
  {
    quote:
      "The IDs must be a subset of the user's accessible orgs; naming an inaccessible org makes the operation fail.",
    kind: 'scope',
    ruleId: 'billing.headers.org_ids.accessible',
    commands: ['create, update, query naming no org, its own, or orgs outside access (fresh or refused before)'],
    interleavings: ['an org refused once named again, on the same and on another operation'],
    mutants: ['org-refusal-remembered'],
  },
  {
    quote: 'The path carries no identifier; the charge is identified inside the body.',
    kind: 'another operation shows the effect',
    ruleId: 'billing.charges.update.body_identifies',
    commands: ['create', 'update (PUT of new default pricing)', 'query (reads the pricing back)'],
    interleavings: ["a charge's second update, read back", "one charge's update beside another charge"],
    mutants: ['update-second-lost'],
  },
  {
    quote: 'A token is used until it expires; many tokens must not be generated in a short period.',
    kind: 'lifetime',
    ruleId: 'billing.token.reusable',
    commands: ['use the first token', 'issue another token for the same client', 'use the other token'],
    interleavings: ['another token issued for the same client, then the first one used again'],
    mutants: ['token-revoked-by-next'],
  },
];

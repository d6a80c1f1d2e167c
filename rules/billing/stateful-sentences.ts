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
  {
    quote: 'When a rate-card row matches the supplied attribute values, the pricing of that row is returned.',
    kind: 'another operation shows the effect',
    ruleId: 'billing.charges.query.rate_card_match',
    commands: ['create (a row on a region, or none)', 'PUT rows (new rows on the same regions)', 'query (a region)'],
    interleavings: [
      'a query asked before a PUT brings a row matching it, then asked again after',
      "a PUT's rows on the regions of the rows the charge was made with (a former row kept may match too)",
    ],
    mutants: ['query-answer-cached'],
  },
  {
    quote: 'The operation creates and updates nothing; it may be used to simulate pricing resolution.',
    kind: 'side-effect freedom',
    ruleId: 'billing.charges.query.no_side_effects',
    commands: ['create', 'PUT rows', 'query (a charge made, or one that does not exist)'],
    interleavings: [
      'the query of a charge that does not exist asked again, other requests between',
      'the same query of a charge made asked again after other charges were updated',
    ],
    mutants: ['query-creates-unknown-charge'],
  },
];

import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 2 part D's sentences that imply state across calls (docs/coverage.md, "Stateful sentences"). */
export const shortenerStatefulSentences: StatefulInventory = [
  {
    quote: 'Requests a vanity path; when taken for the requested domain the request fails with HTTP 400.',
    kind: 'uniqueness',
    ruleId: 'shortener.vanity.taken-for-domain',
    commands: ['register (fresh or earlier path, on every domain and none)', 'refusal (a field rule refuses an entry)'],
    interleavings: [
      'a request refused for a field between the first use and the reuse',
      'the path again from another userGroup or user',
      'five other registrations on the domain between',
      'the path on another domain',
    ],
    // shortener-taken-checked-on-m-only breaks this rule too, but its planned probe (the path on every domain) kills it.
    mutants: [
      'shortener-refusal-forgets-paths',
      'shortener-path-taken-per-user-group',
      'shortener-paths-forgotten-after-five-registrations',
    ],
  },
];

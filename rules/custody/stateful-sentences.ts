import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 3 part C's sentences that imply state across calls (docs/coverage.md, "Stateful sentences"). */
export const custodyStatefulSentences: StatefulInventory = [
  {
    quote:
      '3. The token must be copied unchanged from cursor.currentPage of an earlier response; it must never be built by the client (it is base64-encoded and serialised by the server).',
    kind: 'memory',
    ruleId: 'custody.cursor.model',
    commands: ['FIRST', 'LAST', 'NEXT (latest token)', 'PREVIOUS (latest token)', 'each at a random page size'],
    interleavings: ['LAST after a FIRST of another page size on the same listing'],
    mutants: ['custody-last-uses-first-size'],
  },
];

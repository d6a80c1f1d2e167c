import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 2 part C's sentences that imply state across calls (docs/coverage.md, "Stateful sentences"). */
export const agenticStatefulSentences: StatefulInventory = [
  {
    quote: 'trackingId (string, required; unique tracking identifier)',
    kind: 'uniqueness',
    ruleId: 'agentic.payload.required-fields',
    commands: [
      'notify (valid or missing a field)',
      'the same JWE re-sent, with or without its trackingId',
      'one field changed',
    ],
    interleavings: ['a JWE refused for a missing field, then sent again under another trackingId'],
    mutants: ['agentic-resent-jwe-acknowledged'],
  },
  {
    quote: '200, empty JSON object.',
    kind: 'memory',
    ruleId: 'agentic.bodies.accepted-empty',
    commands: ['notify (valid)', 'notify refused for a field'],
    interleavings: ['a refused notification between two valid ones of the same agent'],
    mutants: ['agentic-refusal-error-left-in-200'],
  },
];

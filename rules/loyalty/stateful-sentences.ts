import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 2 part A's sentences that imply state across calls (docs/coverage.md, "Stateful sentences"). */
export const loyaltyStatefulSentences: StatefulInventory = [
  {
    quote: '`nonce` (unique string, different for each request)',
    kind: 'uniqueness',
    ruleId: 'loyalty.mac.nonce-reuse',
    commands: ['call (subscribe, transfer, notify; fresh or earlier nonce)', 'refusal (a field rule refuses it)'],
    interleavings: [
      'a request refused for its body between a first use and the reuse',
      'the reuse on another operation',
      'the reuse late in the run, inside the ts window (lateMemoryMs)',
    ],
    mutants: [
      'loyalty-body-refusal-forgets-nonces',
      'loyalty-transfer-keeps-own-nonces',
      'loyalty-nonces-forgotten-after-three-seconds',
    ],
  },
  {
    quote: 'requestor_order_id (string, required; unique across all time per consumer or channel)',
    kind: 'uniqueness',
    ruleId: 'loyalty.transfer.order-id-unique',
    commands: ['order (fresh or earlier id, another amount)', 'refused order (earlier id)', 'call'],
    interleavings: [
      'the same id with other values in another field',
      'an order refused for its body carrying the id, between',
      'the reuse late in the run (lateMemoryMs)',
    ],
    // loyalty-conflict-only-on-same-order breaks this rule too, but its planned probe (the id under another order)
    // kills it.
    mutants: ['loyalty-body-refusal-releases-order-id', 'loyalty-order-ids-forgotten-after-three-seconds'],
  },
  {
    quote:
      'When simulation is true, the processor runs all eligibility checks without invoking the transactions operation.',
    kind: 'another operation shows the effect',
    ruleId: 'loyalty.transfer.simulation',
    commands: [
      'simulation (a valid simulated order, fresh id)',
      'order under a simulated id (real or simulated, valid)',
      'refused order under a simulated id (a field rule refuses it)',
    ],
    interleavings: [
      'a simulated order, then a real order under its id that a field rule refuses',
      'a simulated order, then another simulation or a real order under its id (202 or 409: observed)',
    ],
    mutants: ['loyalty-simulation-prevalidates-order'],
  },
];

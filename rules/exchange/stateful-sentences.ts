import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 3 part B states no memory across calls: what it says is of one envelope and its batch items. */
export const exchangeStatefulSentences: StatefulInventory = {
  none: 'part B describes one response envelope and the items of one batch; it says nothing an order placed leaves for a later call (the order details and repeated clOrdIds are the real exchange’s, observed where a rule uses them)',
};

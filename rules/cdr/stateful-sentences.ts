import type { StatefulInventory } from '../stateful-sentence.ts';

/** Document 3 part A states no memory across calls: three read operations of a holder's product data. */
export const cdrStatefulSentences: StatefulInventory = {
  none: 'part A has three read operations (product list, product detail, status) and no operation that changes state; what the pages of one walk show together is judged by the walk rules',
};

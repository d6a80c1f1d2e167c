/** The loyalty first uses kept for a late replay (suites/support/late-memory.ts), by kind. */
export const loyaltyMemory = {
  /** A MAC nonce whose first use was accepted: `{ nonce }`. */
  nonce: 'loyalty.nonce',
  /** A points-transfer order accepted: `{ order }`, placed again late under the same requestor_order_id. */
  order: 'loyalty.order',
} as const;

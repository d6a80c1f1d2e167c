import fc from 'fast-check';

/**
 * In a loyalty sequence, what a request carries of what came before: undefined for a fresh value (a nonce, a
 * requestor_order_id), else one the sequence used earlier, counted back from the latest (0: the last one). Reuses weigh
 * more: a sequence's point is what a target answers after a value was used.
 */
export const earlierUse: fc.Arbitrary<number | undefined> = fc.option(fc.nat({ max: 7 }), {
  freq: 3,
  nil: undefined,
});

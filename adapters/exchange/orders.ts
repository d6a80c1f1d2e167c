/**
 * The batch-order payload. The spec document shows neither the request nor the response payload of
 * POST /api/v5/trade/batch-orders, only the item fields sCode, sMsg, clOrdId and ordId: the order fields
 * below are this harness's assumption, kept in one place so another target can be adapted here.
 */

/** What the harness means by an order, independent of field names on the wire. */
export interface OrderDraft {
  instrument: string;
  /** 'buy' or 'sell'; anything else is a parameter error. */
  side: string;
  /** Decimal string. */
  size: string;
  /** Decimal string. */
  price: string;
  clOrdId: string;
}

/** A field of the client's own on every order, as real clients send (a broker tag): a target must ignore it. */
export const clientOwnField = { tag: 'conformance-harness' } as const;

/** One order as sent on the wire. */
export function orderBody(order: OrderDraft): Record<string, string> {
  return { instId: order.instrument, side: order.side, ordType: 'limit', sz: order.size, px: order.price, clOrdId: order.clOrdId, ...clientOwnField };
}

/** The request body of a batch: a JSON array of orders. */
export function batchBody(orders: readonly OrderDraft[]): Record<string, string>[] {
  return orders.map(orderBody);
}

/** Path of the batch order operation, under the section's baseUrl. */
export const batchOrdersPath = '/api/v5/trade/batch-orders';

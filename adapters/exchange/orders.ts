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

/** Fields of the target entry's orderTemplate: what a target needs on every order beyond the generated fields. */
export type OrderTemplate = Readonly<Record<string, unknown>>;

/**
 * One order as sent on the wire: the fixed field (ordType), which the template may replace, then the generated ones,
 * which must vary and so win over the template. Nothing else is sent: no sentence makes a target accept a field of
 * the client's own (the real exchange's `tag` has a format of its own, which a target may check).
 */
export function orderBody(order: OrderDraft, template: OrderTemplate = {}): Record<string, unknown> {
  return {
    ordType: 'limit',
    ...template,
    instId: order.instrument,
    side: order.side,
    sz: order.size,
    px: order.price,
    clOrdId: order.clOrdId,
  };
}

/** The request body of a batch: a JSON array of orders. */
export function batchBody(orders: readonly OrderDraft[], template: OrderTemplate = {}): Record<string, unknown>[] {
  return orders.map((order) => orderBody(order, template));
}

/** Path of the batch order operation, under the section's baseUrl. */
export const batchOrdersPath = '/api/v5/trade/batch-orders';

/** One order of a batch and the item outcome it must get: success ("0") or a named failure code. */
export interface ExpectedOrder {
  order: OrderDraft;
  expect: string;
  why: string;
}

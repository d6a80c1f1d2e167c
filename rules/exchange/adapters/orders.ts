import type { ExchangeOrderAdapter, OrderDraft, OrderTemplate } from './adapter.ts';

export type { OrderDraft, OrderTemplate } from './adapter.ts';

/*
 * The batch-order operation. The spec document shows neither the request nor the response payload of
 * POST /api/v5/trade/batch-orders, only the item fields sCode, sMsg, clOrdId and ordId: each order is written by the
 * entry's adapter (rules/exchange/adapters/adapter.ts; the reference's by default).
 */

/** The request body of a batch: a JSON array of orders. */
export function batchBody(
  orders: readonly OrderDraft[],
  adapter: ExchangeOrderAdapter,
  template: OrderTemplate = {},
): Record<string, unknown>[] {
  return orders.map((order) => adapter.orderBody(order, template));
}

/** Path of the batch order operation, under the section's baseUrl. */
export const batchOrdersPath = '/api/v5/trade/batch-orders';

/** One order of a batch and the item outcome it must get: success ("0") or a named failure code. */
export interface ExpectedOrder {
  order: OrderDraft;
  expect: string;
  why: string;
}

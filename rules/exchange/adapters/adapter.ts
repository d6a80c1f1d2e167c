/*
 * The exchange's order mapping, as the package exports it for a team's own module: the spec document shows neither
 * the request nor the response payload of POST /api/v5/trade/batch-orders, only the item fields sCode, sMsg, clOrdId
 * and ordId. The harness says what an order is (OrderDraft); an adapter says how the service writes it.
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
 * Maps the harness's orders to one target's order payload. The answer needs no mapping: its items carry the fields
 * the document names (sCode, sMsg, clOrdId, ordId), read as it names them, so an order must carry its draft's clOrdId
 * as it is for its item to be found. A draft the harness means to be refused (a side other than buy or sell, a size
 * or price that is no positive decimal, an empty instrument) must stay as wrong on the wire.
 */
export interface ExchangeOrderAdapter {
  readonly name: string;
  /**
   * One order of a batch as sent: the draft's fields, and the entry's orderTemplate (fields the target needs on every
   * order beyond the generated ones, written in the service's own names; the generated fields win over them).
   */
  orderBody(order: OrderDraft, template: OrderTemplate): Record<string, unknown>;
  /**
   * The query of GET /api/v5/trade/order, the real exchange's order details (which the document does not show) for an
   * order id. Optional; default the real exchange's, `{ instId, ordId }`.
   */
  orderDetailsQuery?(instrument: string, ordId: string): Record<string, string>;
}

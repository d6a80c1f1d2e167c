import type { ExchangeOrderAdapter } from './adapter.ts';

/** The reference's order mapping: the real exchange's field names (instId, side, sz, px, clOrdId, ordType). */
export const referenceOrderAdapter: Required<ExchangeOrderAdapter> = {
  name: 'reference',
  /**
   * The fixed field (ordType), which the template may replace, then the generated ones, which must vary and so win
   * over the template. Nothing else is sent: no sentence makes a target accept a field of the client's own (the real
   * exchange's `tag` has a format of its own, which a target may check).
   */
  orderBody: (order, template) => ({
    ordType: 'limit',
    ...template,
    instId: order.instrument,
    side: order.side,
    sz: order.size,
    px: order.price,
    clOrdId: order.clOrdId,
  }),
  orderDetailsQuery: (instrument, ordId) => ({ instId: instrument, ordId }),
};

import type { ExchangeOrderAdapter } from './adapter.ts';
import { referenceOrderAdapter } from './reference-adapter.ts';
import { type FieldMapping, renamings } from '../../../adapters/field-mapping.ts';

/*
 * A declarative order adapter (adapters/field-mapping.ts), for a service whose orders differ from the reference's only
 * in their field names: the entry's `adapter: { "fields": { "instId": "symbol", "sz": "quantity", ... } }` names, for
 * each field of the reference's orders the service calls otherwise, its own name. A service with other values (an
 * upper-case side, numbers for decimals) needs an adapter module of its own.
 */

/** Every field name of the reference's orders and of its order-details query. */
export const referenceOrderFields = ['instId', 'side', 'sz', 'px', 'clOrdId', 'ordType', 'ordId'] as const;

/** The reference's order adapter, speaking the service's field names; the template is in the service's names. */
export function mappedOrderAdapter(mapping: FieldMapping): ExchangeOrderAdapter {
  const { name, sent, read } = renamings(mapping);
  const reference = referenceOrderAdapter;
  return {
    name,
    // The template read back into the reference's names first, so it takes its place among the reference's fields.
    orderBody: (order, template) =>
      sent(reference.orderBody(order, read(template) as Record<string, unknown>)) as Record<string, unknown>,
    orderDetailsQuery: (instrument, ordId) =>
      sent(reference.orderDetailsQuery(instrument, ordId)) as Record<string, string>,
  };
}

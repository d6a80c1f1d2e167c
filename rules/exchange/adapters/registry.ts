import type { ExchangeOrderAdapter } from './adapter.ts';
import { referenceOrderAdapter } from './reference-adapter.ts';

/** Order adapters by the name a target entry gives in `adapter`. */
export const exchangeOrderAdapters: Readonly<Record<string, ExchangeOrderAdapter>> = {
  reference: referenceOrderAdapter,
};

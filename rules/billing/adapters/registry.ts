import type { BillingAdapter } from './adapter.ts';
import { referenceBillingAdapter } from './reference-adapter.ts';

/** Adapters by the name a target entry gives in `adapter`. */
export const billingAdapters: Readonly<Record<string, BillingAdapter>> = { reference: referenceBillingAdapter };

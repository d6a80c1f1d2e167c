/** The three read operations of part A ("Endpoints", A), relative to the data holder's base address. */
export const cdrOperations = {
  list: { path: '/v1/banking/products', version: 5 },
  detail: { path: '/v1/banking/products/{productId}', version: 7 },
  status: { path: '/v1/discovery/status', version: 1 },
} as const;

export type CdrOperation = keyof typeof cdrOperations;
export const cdrOperationNames = Object.keys(cdrOperations) as CdrOperation[];

/** Defaults of the product list ("Limits"). */
export const defaultPageSize = 25;
export const defaultPage = 1;


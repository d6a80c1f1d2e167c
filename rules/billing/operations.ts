/**
 * The billing operations with the status codes the document lists for each (billing document, "Endpoints"
 * and "Errors"). `invalidInputStatus` is the documented 4xx for a bad request, where one is documented;
 * `null` means only "some 4xx" can be asserted.
 */
export interface BillingOperation {
  name: BillingOperationName;
  method: 'POST' | 'PUT';
  path: string;
  /** Status codes the document lists; null when the document does not show them. */
  documentedStatuses: readonly number[] | null;
  successStatus: number | null;
  invalidInputStatus: number | null;
  /** The documented answer(s) to a request without a valid bearer token; null: some 4xx. */
  unauthorizedStatus: number | readonly number[] | null;
  /** Idempotency-Key is listed on this operation. */
  acceptsIdempotencyKey: boolean;
  /** Part of the catalog (bearer auth, compression threshold, entity and org headers). */
  catalog: boolean;
}

export type BillingOperationName = 'token' | 'createCharge' | 'updateCharge' | 'queryCharge' | 'createProduct';

export const billingOperations: Record<BillingOperationName, BillingOperation> = {
  token: {
    name: 'token',
    method: 'POST',
    path: '/oauth/token',
    documentedStatuses: [200, 429],
    successStatus: 200,
    invalidInputStatus: null,
    unauthorizedStatus: null,
    acceptsIdempotencyKey: false,
    catalog: false,
  },
  createCharge: {
    name: 'createCharge',
    method: 'POST',
    path: '/commerce/charges',
    documentedStatuses: [200, 400, 401],
    successStatus: 200,
    invalidInputStatus: 400,
    unauthorizedStatus: 401,
    acceptsIdempotencyKey: true,
    catalog: true,
  },
  updateCharge: {
    name: 'updateCharge',
    method: 'PUT',
    path: '/commerce/charges',
    documentedStatuses: [200, 400, 401, 500],
    successStatus: 200,
    invalidInputStatus: 400,
    // "400 CommonResponse (request errors or unauthorized); 401 ProxyUnauthorizedResponse": either refuses a missing or
    // bad token.
    unauthorizedStatus: [400, 401],
    acceptsIdempotencyKey: false,
    catalog: true,
  },
  queryCharge: {
    name: 'queryCharge',
    method: 'POST',
    path: '/commerce/charges/query',
    documentedStatuses: [200, 400, 401],
    successStatus: 200,
    invalidInputStatus: 400,
    unauthorizedStatus: 401,
    acceptsIdempotencyKey: true,
    catalog: true,
  },
  createProduct: {
    name: 'createProduct',
    method: 'POST',
    path: '/commerce/products',
    documentedStatuses: null,
    successStatus: null,
    invalidInputStatus: null,
    unauthorizedStatus: null,
    acceptsIdempotencyKey: true,
    catalog: true,
  },
};

/** The three charge operations, which share the documented 400/401 behaviour. */
export const chargeOperations = [
  billingOperations.createCharge,
  billingOperations.updateCharge,
  billingOperations.queryCharge,
] as const;

/** A 429 on a catalog operation is tolerated: the document says concurrency limits exist but does not show them. */
export const toleratedStatuses: readonly number[] = [429];

export { gzipThresholdBytes } from './limits.ts';

/** The three read operations of part A ("Endpoints", A), relative to the data holder's base address. */
export const cdrOperations = {
  list: { path: '/v1/banking/products', version: 5 },
  detail: { path: '/v1/banking/products/{productId}', version: 7 },
  status: { path: '/v1/discovery/status', version: 1 },
} as const;

export type CdrOperation = keyof typeof cdrOperations;
export const cdrOperationNames = Object.keys(cdrOperations) as CdrOperation[];

/** The versions a target serves per operation (its section's `versions`); an empty list: not served. */
export type ServedVersions = Readonly<Record<CdrOperation, readonly number[]>>;

/** Whether the holder serves an operation at all (a `versions` entry of [] says it does not). */
export const servesOperation = (section: { versions: ServedVersions }, operation: CdrOperation) =>
  section.versions[operation].length > 0;

/** Defaults of the product list ("Limits"). */
export const defaultPageSize = 25;
export const defaultPage = 1;
/**
 * The largest page-size (Consumer Data Standards, Pagination: "A maximum page size of 1000 records is assumed
 * for all endpoints"). Above it Get Products answers 400 Invalid Page Size: its responses table says "The
 * following error codes MUST be supported: ... 400 - Invalid Page Size" (the Pagination page's SHOULD is the
 * older, general wording; the endpoint's MUST is the one judged).
 */
export const maxPageSize = 1000;

import type { CustodyListingPath } from '../../rules/custody/endpoints.ts';

/** How one listing of the reference answers: where its items sit, its cursor parameters' prefix, a string result. */
export interface ListingDialect {
  itemsKey: string;
  cursorPrefix: 'cursor.' | 'requestCursor.';
  /** The page's items rendered as one string (an export), one CSV line per item. */
  stringResult: boolean;
}

/**
 * Where the reference's error body keeps its code: at the top (`{ code, message }`) or nested (`{ error: { code,
 * message } }`).
 */
export type ErrorShape = 'flat' | 'nested';

export interface CustodyDialect {
  listing(endpoint: CustodyListingPath): ListingDialect;
  errorShape: ErrorShape;
}

const documentListing: ListingDialect = { itemsKey: 'result', cursorPrefix: 'cursor.', stringResult: false };

/**
 * `default` is document 3. `platform-listings` is shaped like the real custody platform's published API
 * description: requests listings under `results`, the balances listing under `balances` with `requestCursor.*`
 * parameters, the export's result a string, and errors nested under `error`.
 */
export const custodyDialects: Record<string, CustodyDialect> = {
  default: { listing: () => documentListing, errorShape: 'flat' },
  'platform-listings': {
    listing: (endpoint) =>
      (
        ({
          '/api/rest/v2/requests': { ...documentListing, itemsKey: 'results' },
          '/api/rest/v2/requests/for-approval': { ...documentListing, itemsKey: 'results' },
          '/api/rest/v1/balances': { itemsKey: 'balances', cursorPrefix: 'requestCursor.', stringResult: false },
          '/api/rest/v1/statistics/portfolio/history/export': { ...documentListing, stringResult: true },
        }) as Record<string, ListingDialect>
      )[endpoint] ?? documentListing,
    errorShape: 'nested',
  },
};

/**
 * The settings of the harness's target entry that match a dialect (families.custody.listings, document defaults left
 * out).
 */
export function listingSettingsFor(
  dialect: CustodyDialect,
  endpoints: readonly CustodyListingPath[],
): Record<string, Record<string, string>> {
  const settings: Record<string, Record<string, string>> = {};
  for (const endpoint of endpoints) {
    const own = dialect.listing(endpoint);
    const entry: Record<string, string> = {};
    if (own.itemsKey !== documentListing.itemsKey) entry.itemsKey = own.itemsKey;
    if (own.cursorPrefix !== documentListing.cursorPrefix) entry.cursorPrefix = own.cursorPrefix;
    if (own.stringResult) entry.result = 'string';
    if (dialect.errorShape === 'nested') entry.errorCodeAt = 'error.code';
    settings[endpoint] = entry;
  }
  return settings;
}

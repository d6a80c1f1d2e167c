/**
 * The nine cursor-paginated listing endpoints of the custody platform (document 3, "Endpoints", C), paths
 * relative to the custody base address. `{tagID}` is filled from the target entry.
 */
export const custodyListingPaths = [
  '/api/rest/v1/statistics/tags',
  '/api/rest/v1/statistics/tags/{tagID}',
  '/api/rest/v1/statistics/portfolio/history',
  '/api/rest/v1/statistics/portfolio/history/export',
  '/api/rest/v1/balances',
  '/api/rest/v1/balances/nft/collections',
  '/api/rest/v2/requests',
  '/api/rest/v2/requests/for-approval',
  '/api/rest/v1/requests/bundles',
] as const;

export type CustodyListingPath = (typeof custodyListingPaths)[number];

/** The EVM proxy upgrade operation; `{id}` is a contract instance id. */
export const upgradeProxyPath = '/api/rest/v1/capital/contract-instances/{id}/evm/upgrade-proxy';

/** The optional string fields of the upgrade request body. */
export const upgradeFields = ['implementationID', 'fromAddressID', 'gasPrice', 'gasLimit'] as const;

/** Page requests of the cursor records. */
export const pageRequests = ['FIRST', 'LAST', 'NEXT', 'PREVIOUS'] as const;
export type PageRequest = (typeof pageRequests)[number];

/** The code the custody platform returns for a cursor it did not produce ("Errors", C). */
export const invalidCursorCode = 'E900-INVALID_CURSOR_DATA';

/** Published release lines ("Versioning"), the last the default. */
export const releaseLines = [
  '3.38',
  '3.40',
  '3.42',
  '3.44',
  '3.46',
  '3.48',
  '3.50',
  '3.52',
  '3.54',
  '3.56',
  '3.58',
] as const;

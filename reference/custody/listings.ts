import { custodyListingPaths, type CustodyListingPath } from '../../rules/custody/endpoints.ts';

/** The tag id the reference serves for /statistics/tags/{tagID}. */
export const referenceTagId = 'tag-treasury';
export const referenceContractInstanceId = 'ci-7f3a';

/**
 * Items per listing endpoint: hundreds on some, a handful on others, one empty, one whose length 20 (the
 * spec's page size) divides, so walks at every page size mean something.
 */
const itemCounts: Record<CustodyListingPath, number> = {
  '/api/rest/v1/statistics/tags': 251,
  '/api/rest/v1/statistics/tags/{tagID}': 5,
  '/api/rest/v1/statistics/portfolio/history': 120,
  '/api/rest/v1/statistics/portfolio/history/export': 41,
  '/api/rest/v1/balances': 7,
  '/api/rest/v1/balances/nft/collections': 3,
  '/api/rest/v2/requests': 137,
  '/api/rest/v2/requests/for-approval': 0,
  // not-a-limit: how many items the listing holds, not the shown page size.
  '/api/rest/v1/requests/bundles': 20,
};

function itemsOf(path: CustodyListingPath, count: number): unknown[] {
  const kind = path.split('/').slice(4).join('-').replace('{tagID}', 'asset');
  return Array.from({ length: count }, (_, index) => ({
    id: `${kind}-${String(index + 1).padStart(4, '0')}`,
    amount: String((index * 37) % 1000),
  }));
}

export const listingItems: ReadonlyMap<CustodyListingPath, readonly unknown[]> = new Map(
  custodyListingPaths.map((path) => [path, itemsOf(path, itemCounts[path])]),
);

/** The listing endpoint a request path names, by its template, or undefined. */
export function listingFor(path: string): CustodyListingPath | undefined {
  const concrete = (template: CustodyListingPath) => template.replace('{tagID}', referenceTagId);
  return custodyListingPaths.find((template) => concrete(template) === path);
}

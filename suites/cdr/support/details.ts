import type { ObservedProduct } from '../checks/product-records.ts';
import { answeredVersion, productIdOf, walkJudges } from '../checks/product-walk.ts';
import type { CdrClient } from '../client/cdr-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { mapLimit } from './map-limit.ts';
import { walkForward, walkWhole } from './walk-products.ts';

/** A listed product, the list page it came on, and the answer of its detail. */
export interface ListedDetail {
  listed: Record<string, unknown>;
  listExchange: Exchange;
  detail: Exchange;
}

/**
 * Every product the target lists (effective=ALL) with the answer of its detail, made once per suite file and
 * shared by its rules; the details are asked `concurrency` at a time.
 */
export function sharedDetails(client: () => CdrClient, concurrency: () => number) {
  let details: Promise<ListedDetail[]> | undefined;
  const load = async () => {
    // The whole list, or the pages read of a list that could not be read whole: a product seen anywhere has a detail to
    // judge.
    const walk = await walkWhole(client(), { effective: 'ALL' }, ['cdr.list.effective']);
    // Only products with a productId can be asked for; the others are the list-item rule's.
    const listed = walk.pages.flatMap((page) =>
      page.body.data.products.flatMap((product) =>
        typeof (product as { productId?: unknown } | null)?.productId === 'string'
          ? [{ listed: product as Record<string, unknown>, listExchange: page.exchange }]
          : [],
      ),
    );
    return mapLimit(listed, concurrency(), async (entry) => ({
      ...entry,
      detail: await client().detail(productIdOf(entry.listed)),
    }));
  };
  // What stops the walk is thrown as it is: each rule that awaits the details resolves it for itself.
  return (): Promise<ListedDetail[]> => {
    details ??= load();
    return details;
  };
}

/** The records the detail answers hold (a detail that is not 200 JSON is skipped: cdr.detail.envelope judges it). */
export function detailRecords(entries: readonly ListedDetail[]): ObservedProduct[] {
  return entries.flatMap((entry) => {
    if (entry.detail.response?.status !== 200) return [];
    try {
      return [
        {
          exchange: entry.detail,
          record: (entry.detail.response.json() as { data?: unknown }).data,
          kind: 'detail' as const,
          version: answeredVersion(entry.detail),
        },
      ];
    } catch {
      return [];
    }
  });
}

/**
 * The list items of several walks (everything, the default CURRENT list, the FUTURE products at size 7), made
 * once per suite file: a target that shapes a record otherwise under a filter or a page size is met too.
 */
export function sharedListItems(client: () => CdrClient) {
  let items: Promise<ObservedProduct[]> | undefined;
  const load = async () => {
    const walks = await Promise.all(
      [{ effective: 'ALL' }, {}, { effective: 'FUTURE', pageSize: 7 }].map((query) =>
        walkForward(client(), query, [walkJudges.walk]),
      ),
    );
    return walks.flatMap((walk) =>
      walk.pages.flatMap((page) =>
        page.body.data.products.map((record) => ({
          exchange: page.exchange,
          record,
          kind: 'list' as const,
          version: answeredVersion(page.exchange),
        })),
      ),
    );
  };
  return (): Promise<ObservedProduct[]> => {
    items ??= load();
    return items;
  };
}

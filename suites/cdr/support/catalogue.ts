import type { RunClock } from '../checks/product-filter.ts';
import { requireEnded, walkProductIds, type ProductWalk } from '../checks/product-walk.ts';
import type { CdrClient } from '../client/cdr-client.ts';
import type { ListQuery } from '../../../rules/cdr/list-query.ts';
import { walkWhole } from './walk-products.ts';

/**
 * Everything the target lists (effective=ALL, no other filter, default page size), for complements and detail calls.
 */
export interface Catalogue {
  walk: ProductWalk;
  products: Record<string, unknown>[];
}

/** The query of the catalogue: every product, whatever its dates. */
export const catalogueQuery: ListQuery = { effective: 'ALL' };

/** The walk of everything the target lists, as far as it went (a walk that stopped is still its pages read). */
export function walkCatalogue(client: CdrClient): Promise<ProductWalk> {
  return walkWhole(client, catalogueQuery, ['cdr.list.effective']);
}

export async function readCatalogue(client: CdrClient): Promise<Catalogue> {
  return catalogueOf(await walkCatalogue(client));
}

/** The catalogue a walk of it read: blocked by its judge when the walk stopped (the engine tells which). */
export function catalogueOf(walk: ProductWalk): Catalogue {
  requireEnded(walk);
  // Products that are no objects are judged by the record rules; filters and details have nothing to read in them.
  const products = walk.pages
    .flatMap((page) => page.body.data.products)
    .filter(
      (product): product is Record<string, unknown> =>
        typeof product === 'object' && product !== null && !Array.isArray(product),
    );
  return { walk, products };
}

/** The run's clock over some walks: from the first request to the last answer, widened by the margin each side. */
export function clockOf(walks: readonly ProductWalk[], marginMs: number): RunClock {
  const exchanges = walks.flatMap((walk) => walk.pages.map((page) => page.exchange));
  const from = Math.min(...exchanges.map((exchange) => exchange.startedAt));
  const to = Math.max(...exchanges.map((exchange) => exchange.startedAt + exchange.durationMs));
  return { fromMs: from - marginMs, toMs: to + marginMs };
}

/** The number of products of the whole catalogue (for page sizes above it and pages past the last). */
export const catalogueSize = (catalogue: Catalogue) => walkProductIds(catalogue.walk).length;

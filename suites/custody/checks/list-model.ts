import type { PageRequest } from '../../../rules/custody/endpoints.ts';
import type { ExpectedPage } from './cursor-model-step.ts';

/**
 * Where a command sequence stands in the model: the page index at a page size. `pageSize` is the size asked,
 * `size` the size the target pages at: the smaller of it and the target's own limit (the platform: "The handling
 * service should impose a hard limit on this").
 */
export interface ModelPosition {
  pageSize: number;
  size: number;
  index: number;
}

/** The pages of a list at a size, aligned from its first item; an empty list is one empty page. Pure. */
export function pagesOf(items: readonly string[], pageSize: number): string[][] {
  if (items.length === 0) return [[]];
  return Array.from({ length: Math.ceil(items.length / pageSize) }, (_, page) =>
    items.slice(page * pageSize, (page + 1) * pageSize),
  );
}

/**
 * The most items the target puts on a page, read from what it served: a page that says more follows but holds fewer
 * items than asked (and at least one) shows the target's limit; the smallest such page of those given is taken. No
 * such page: no limit binds the sizes asked (Infinity). Pure.
 */
export function pageLimitOf(pages: readonly { asked: number; items: number; hasNext: boolean }[]): number {
  const capped = pages.filter(({ asked, items, hasNext }) => hasNext && items > 0 && items < asked);
  return Math.min(Infinity, ...capped.map(({ items }) => items));
}

/**
 * The position a step moves to, or undefined when the model forbids it (NEXT on the last page ...). FIRST and LAST
 * page at the size asked, or at the target's `limit` when it is smaller. Pure.
 */
export function stepPosition(
  items: readonly string[],
  from: ModelPosition | undefined,
  request: PageRequest,
  pageSize: number,
  limit = Infinity,
): ModelPosition | undefined {
  const size = Math.min(pageSize, limit);
  if (request === 'FIRST') return { pageSize, size, index: 0 };
  if (request === 'LAST') return { pageSize, size, index: pagesOf(items, size).length - 1 };
  if (!from) return undefined;
  const index = from.index + (request === 'NEXT' ? 1 : -1);
  return index >= 0 && index < pagesOf(items, from.size).length ? { ...from, index } : undefined;
}

/** What the target must answer at a position of the list: its items and flags. Pure. */
export function expectedAt(items: readonly string[], position: ModelPosition, step: string): ExpectedPage {
  const pages = pagesOf(items, position.size);
  const limited = position.size < position.pageSize ? `, the target's limit ${position.size}` : '';
  return {
    step: `${step} (page ${position.index + 1} of ${pages.length} at size ${position.pageSize}${limited})`,
    items: pages[position.index] ?? [],
    hasPrevious: position.index > 0,
    hasNext: position.index < pages.length - 1,
  };
}

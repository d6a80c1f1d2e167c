import type { PageRequest } from '../../rules/custody/endpoints.ts';
import type { ExpectedPage } from './cursor-model-step.ts';

/** Where a command sequence stands in the model: the page index at a page size. */
export interface ModelPosition {
  pageSize: number;
  index: number;
}

/** The pages of a list at a size, aligned from its first item; an empty list is one empty page. Pure. */
export function pagesOf(items: readonly string[], pageSize: number): string[][] {
  if (items.length === 0) return [[]];
  return Array.from({ length: Math.ceil(items.length / pageSize) }, (_, page) =>
    items.slice(page * pageSize, (page + 1) * pageSize),
  );
}

/** The position a step moves to, or undefined when the model forbids it (NEXT on the last page ...). Pure. */
export function stepPosition(
  items: readonly string[],
  from: ModelPosition | undefined,
  request: PageRequest,
  pageSize: number,
): ModelPosition | undefined {
  if (request === 'FIRST') return { pageSize, index: 0 };
  if (request === 'LAST') return { pageSize, index: pagesOf(items, pageSize).length - 1 };
  if (!from) return undefined;
  const index = from.index + (request === 'NEXT' ? 1 : -1);
  return index >= 0 && index < pagesOf(items, from.pageSize).length ? { pageSize: from.pageSize, index } : undefined;
}

/** What the target must answer at a position of the list: its items and flags. Pure. */
export function expectedAt(items: readonly string[], position: ModelPosition, step: string): ExpectedPage {
  const pages = pagesOf(items, position.pageSize);
  return {
    step: `${step} (page ${position.index + 1} of ${pages.length} at size ${position.pageSize})`,
    items: pages[position.index] ?? [],
    hasPrevious: position.index > 0,
    hasNext: position.index < pages.length - 1,
  };
}

import { maxPageSize } from '../../rules/cards/transactions-schemas.ts';

/**
 * A page size that divides a window's `total` exactly, so its last page is full (and must carry no next link):
 * the largest divisor below the total within the size limit (the fewest pages, two at least), else the total
 * itself (one full page); undefined for an empty window or a prime total above the limit. Pure.
 */
export function dividingPageSize(total: number): number | undefined {
  for (let size = Math.min(maxPageSize, Math.floor(total / 2)); size >= 2; size--) if (total % size === 0) return size;
  return total >= 1 && total <= maxPageSize ? total : undefined;
}

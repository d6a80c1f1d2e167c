/**
 * A page size that divides a list of `total` items exactly, so its last page is full (and must say it is the
 * last): the largest divisor below the total up to `largest` (the fewest pages, two at least), else the total
 * itself (one full page); undefined for an empty list or a prime total above `largest`. Pure.
 */
export function dividingPageSize(total: number, largest: number): number | undefined {
  for (let size = Math.min(largest, Math.floor(total / 2)); size >= 2; size--) if (total % size === 0) return size;
  return total >= 1 && total <= largest ? total : undefined;
}

/** The index of the first item that appeared earlier in the list, or -1 when every item is new. */
export function firstDuplicate(items: readonly string[]): number {
  const seen = new Set<string>();
  return items.findIndex((item) => {
    if (seen.has(item)) return true;
    seen.add(item);
    return false;
  });
}

/** Identity of a listed item for comparisons across pages and walks: its JSON (item fields vary by interface). */
export function itemKey(item: unknown): string {
  return JSON.stringify(item);
}

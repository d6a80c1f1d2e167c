/** Case-insensitive header lookup (HTTP names are case-insensitive; our records keep the caller's case). */

type HeaderRecord = Readonly<Record<string, string | string[] | undefined>>;

/** The key under which `name` (any case) is stored, or undefined. */
export function findHeaderName(headers: HeaderRecord | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const key in headers) {
    if (key.length === wanted.length && key.toLowerCase() === wanted) return key;
  }
  return undefined;
}

/** Value of header `name` (any case); arrays yield their first element. */
export function getHeader(headers: HeaderRecord | undefined, name: string): string | undefined {
  const key = findHeaderName(headers, name);
  if (key === undefined) return undefined;
  const value = headers?.[key];
  return Array.isArray(value) ? value[0] : value;
}

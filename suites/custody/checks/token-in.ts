import type { CapturedResponse } from '../../../client/http-exchange.ts';

/**
 * The cursor token of a page read leniently, for a rule that needs only the token: `cursor.currentPage` when it
 * is a non-empty string on a 200 answer, whatever the rest of the page holds (the page rules judge that).
 */
export function tokenIn(response: CapturedResponse): string | undefined {
  if (response.status !== 200) return undefined;
  try {
    const cursor = (response.json() as { cursor?: { currentPage?: unknown } } | null)?.cursor;
    return typeof cursor?.currentPage === 'string' && cursor.currentPage !== '' ? cursor.currentPage : undefined;
  } catch {
    return undefined;
  }
}

import type { CustodyClient } from '../client/custody-client.ts';
import type { CapturedResponse, Exchange } from '../../../client/http-exchange.ts';
import { tokenIn } from '../checks/token-in.ts';
import { letOversizedTokenGo, pageTooLargeToRead } from '../checks/oversized-token.ts';
import { custodyListingPaths } from '../../../rules/custody/endpoints.ts';
import { keepFirstUse } from '../../support/late-memory.ts';

/**
 * The custody first use kept for a late replay (suites/support/late-memory.ts): a token of page 1 and what NEXT with it
 * answered.
 */
export const cursorTokenMemory = 'custody.cursor.token';

/** A server token used once: NEXT with it answered `nextItems` (the page's items, as JSON) at the first use. */
export interface UsedToken {
  endpoint: string;
  pageSize: number;
  token: string;
  nextItems: string;
}

/** Page size 1 gives a NEXT page on any listing of two items or more. */
const firstUsePageSize = 1;

/** What sending a token of page 1 back gave: NEXT's answer, or the page 1 whose token could not be sent back. */
export type TokenSentBack = { used: UsedToken; next: Exchange } | { oversized: Exchange };

/**
 * FIRST at page size 1, then NEXT with its token when page 1 has a next page (undefined: no token or no page 2). A
 * token beyond the length the harness sends back, or a page 1 too large to read, is not sent (the rule on new tokens
 * judges its length).
 */
export async function tokenSentBack(client: CustodyClient, endpoint: string): Promise<TokenSentBack | undefined> {
  const first = await client.page(endpoint, { pageRequest: 'FIRST', pageSize: firstUsePageSize });
  if (pageTooLargeToRead(first)) return { oversized: first };
  const token = first.response && !first.error ? tokenIn(first.response) : undefined;
  if (token === undefined || !hasNext(first.response)) return undefined;
  if (letOversizedTokenGo(first)) return { oversized: first };
  const next = await client.page(endpoint, { pageRequest: 'NEXT', pageSize: firstUsePageSize, currentPage: token });
  return {
    used: { endpoint, pageSize: firstUsePageSize, token, nextItems: itemsOf(client, endpoint, next.response) ?? '' },
    next,
  };
}

function hasNext(response: CapturedResponse | undefined): boolean {
  try {
    return (response?.json() as { cursor?: { hasNext?: unknown } } | null)?.cursor?.hasNext === true;
  } catch {
    return false;
  }
}

/** The items of a 200 page under the listing's key, as JSON (undefined for any other answer). */
export function itemsOf(
  client: CustodyClient,
  endpoint: string,
  response: CapturedResponse | undefined,
): string | undefined {
  if (response?.status !== 200) return undefined;
  try {
    const body = response.json() as Record<string, unknown> | null;
    return body !== null && typeof body === 'object'
      ? JSON.stringify(body[client.listing(endpoint).itemsKey])
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every custody file uses a token of the first listing once when it starts; memory.alone.suite.ts sends the oldest back
 * at the end of the run.
 */
export function keepCustodyFirstUses(client: () => CustodyClient): void {
  keepFirstUse(cursorTokenMemory, 'custody.cursor.token-encoding', async () => {
    const sent = await tokenSentBack(client(), custodyListingPaths[0]);
    return sent && 'used' in sent && sent.used.nextItems ? sent.used : undefined;
  });
}

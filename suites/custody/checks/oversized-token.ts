import type { Exchange } from '../../../client/http-exchange.ts';
import type { CursorPage } from '../../../rules/custody/schemas.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';

/**
 * Longest token the harness sends back (characters). A cursor token is a small server-made blob; one beyond this
 * would make a request line no server accepts and evidence no report can hold, so the walk stops there.
 */
export const maxTokenChars = 64 * 1024;

/** How much of a token too long to send back is kept, as evidence (a report shows the first 60 characters). */
const keptTokenChars = 60;

/** What is kept of the bytes of a page whose token is let go: its start, as evidence of what arrived. */
const keptBodyBytes = 1024;

/** What is kept of a token too long to send back: its length and its first characters, never the whole. */
export interface OversizedToken {
  chars: number;
  start: string;
}

/** A copy that holds its own characters: a slice of a string may keep the whole string it was cut from alive. */
const ownCopy = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/**
 * A page's token too long to send back is replaced, in the parsed page and in the exchange's parsed body, by a
 * note of its start and length, and the bytes received go but their start: the run holds no token it will never
 * send, whatever the page's size. Undefined (and nothing changed) for a token the harness sends back.
 */
export function letOversizedTokenGo(exchange: Exchange, page?: CursorPage): OversizedToken | undefined {
  const cursor = parsedCursor(exchange);
  const token = page?.cursor.currentPage ?? cursor?.currentPage;
  if (typeof token !== 'string' || token.length <= maxTokenChars) return undefined;
  const kept = { chars: token.length, start: ownCopy(token.slice(0, keptTokenChars)) };
  const note = `${kept.start}... (${kept.chars} characters, not kept)`;
  if (page) page.cursor.currentPage = note;
  if (cursor?.currentPage === token) cursor.currentPage = note;
  exchange.response?.letBodyGo(keptBodyBytes);
  return kept;
}

/**
 * A page whose body is beyond what the client reads (BODY_TOO_LARGE: a gzip body that decodes past the cap, a body past
 * the byte cap): the harness gets no token from it to send back, as with a token too long to send back, so the rule on
 * new tokens (which judges a token's length) judges it and the rules that read pages are blocked by it. Undefined for
 * any other exchange.
 */
export function pageTooLargeToRead(exchange: Exchange): PrerequisiteMissing | undefined {
  if (exchange.error?.code !== 'BODY_TOO_LARGE') return undefined;
  return new PrerequisiteMissing(
    ['custody.cursor.new-token'],
    `the page ${new URL(exchange.request.url).pathname} answered could not be read (${exchange.error.message}): it gives no token the harness can send back (one is sent back up to ${maxTokenChars} characters)`,
    [exchange],
  );
}

function parsedCursor(exchange: Exchange): { currentPage?: unknown } | undefined {
  try {
    const cursor = (exchange.response?.json() as { cursor?: unknown } | null)?.cursor;
    return typeof cursor === 'object' && cursor !== null ? (cursor as { currentPage?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

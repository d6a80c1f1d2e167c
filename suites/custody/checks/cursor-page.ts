import type { Exchange } from '../../../client/http-exchange.ts';
import { cursorSchema, type CursorPage } from '../../../rules/custody/schemas.ts';
import { type ListingSettings, listingSettingsSchema } from '../entry/section.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { z } from 'zod';
import { pageTooLargeToRead } from './oversized-token.ts';

const documentListing = listingSettingsSchema.parse({});

/**
 * The page record of a listing: its items under the listing's key (an array, or one string for an export) and `cursor`.
 */
export function pageSchemaFor(listing: ListingSettings) {
  return z.object({
    [listing.itemsKey]: listing.result === 'string' ? z.string() : z.array(z.unknown()),
    cursor: cursorSchema,
  });
}

/**
 * The page a listing answered: 200 and a body with its items (`result` by default, or the listing's key) and
 * `cursor` (token and flags). An export's string result stands as the page's one item, so walks compare pages. A body
 * too large to read is the rule on new tokens' to judge (see pageTooLargeToRead).
 */
export function cursorPageOf(exchange: Exchange, listing: ListingSettings = documentListing): CursorPage {
  const tooLarge = pageTooLargeToRead(exchange);
  if (tooLarge) throw tooLarge;
  const { status } = responseOf(exchange);
  if (status !== 200) throw new Violation(`The page request answered ${status}, not 200`, [exchange]);
  const parsed = pageSchemaFor(listing).safeParse(jsonOf(exchange));
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    throw new Violation(`The page is not a cursor page: ${issues}`, [exchange]);
  }
  const body = parsed.data as Record<string, unknown>;
  const items = body[listing.itemsKey];
  return {
    result: typeof items === 'string' ? [items] : (items as unknown[]),
    cursor: body.cursor as CursorPage['cursor'],
  };
}

/** A page request answered with a cursor page. */
export function cursorPage(exchange: Exchange, listing: ListingSettings = documentListing): Verdict {
  const page = cursorPageOf(exchange, listing);
  return passed({ items: page.result.length });
}

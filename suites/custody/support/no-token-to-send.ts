import { maxTokenChars } from '../checks/oversized-token.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { Exchange } from '../../../client/http-exchange.ts';

/**
 * A rule that sends a server token back met none it could send: each token was too long to send, or sat in a page too
 * large to read (`oversized`, the pages that gave them: the rule on new tokens judges their length), or no listing had
 * a page with a next page (the rule on FIRST and LAST judges what page 1 says; `firstPages` shows them).
 */
export function noTokenToSend(oversized: readonly Exchange[], firstPages: readonly Exchange[] = []): Error {
  if (oversized.length > 0)
    return new PrerequisiteMissing(
      ['custody.cursor.new-token'],
      `every token met was beyond the ${maxTokenChars} characters the harness sends back, or in a page too large to read (${oversized.map((exchange) => new URL(exchange.request.url).pathname).join(', ')})`,
      oversized,
    );
  return new PrerequisiteMissing(
    ['custody.cursor.first-last-without-token'],
    'no listing gave a token on a page with a next page at page size 1',
    firstPages,
  );
}

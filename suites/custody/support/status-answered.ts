import type { Exchange } from '../../../client/http-exchange.ts';

/**
 * The exchange as a rule that judges only the status sees it (a request refused, "its code and body are not shown and
 * not judged"): a status line that arrived with a body too large to read is still an answer to judge. A listing that
 * serves 200 pages too large to read is the rule on new tokens' fault (suites/custody/checks/oversized-token.ts), not a
 * missing answer here. Any other exchange is given as it is.
 */
export function statusAnswered(exchange: Exchange): Exchange {
  if (exchange.error?.code !== 'BODY_TOO_LARGE' || !exchange.response) return exchange;
  const { error: _unread, ...answered } = exchange;
  return answered;
}

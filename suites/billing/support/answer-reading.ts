import type { Exchange } from '../../../client/http-exchange.ts';

/* How the billing models read an answer leniently: what another rule judges is never a crash here. */

/** The JSON body of an answer, undefined when it has none. */
export function bodyOf(exchange: Exchange): unknown {
  try {
    return exchange.response?.json();
  } catch {
    return undefined;
  }
}

/** Whether the answer is a 2xx. */
export function succeeded(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  return status !== undefined && status >= 200 && status <= 299;
}

/** The status, or what became of the request, in words. */
export const statusOf = (exchange: Exchange): number | string =>
  exchange.response?.status ?? exchange.error?.code ?? 'no answer';

import type { Exchange } from '../client/http-exchange.ts';

/**
 * Finds a request whose response body is exactly `size` bytes, for a target that echoes a padding
 * field: measure once, correct by the difference, and retry a few times (lengths of generated fields may
 * vary). Returns the last exchange, whatever its size: the threshold check judges every size it sees.
 */
export async function responseOfSize(
  size: number,
  send: (padding: number) => Promise<Exchange>,
  attempts = 4,
  firstPadding = size,
): Promise<Exchange> {
  let padding = firstPadding;
  let exchange = await send(padding);
  for (let attempt = 1; attempt < attempts; attempt++) {
    const actual = exchange.response?.body.length;
    if (actual === undefined || actual === size) return exchange;
    padding = Math.max(0, padding + (size - actual));
    exchange = await send(padding);
  }
  return exchange;
}

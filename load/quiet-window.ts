import type { QuietWindow } from '../checks/rate-limit-finding.ts';
import type { Exchange } from '../client/http-exchange.ts';

const longestRetryAfterSeconds = 10;
const mostSingleRequests = 10;

/** Sleeps, cut short when the signal aborts. */
export function pause(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

function retryAfterOf(exchange: Exchange): number | undefined {
  const value = Number(exchange.response?.headers['retry-after']);
  return Number.isFinite(value) && value > 0 ? Math.min(value, longestRetryAfterSeconds) : undefined;
}

/**
 * Waits until the target has been left alone for the limit's window: single requests (each after the window or
 * the Retry-After) until one is served without 429, then the window, so that request and every one before it are
 * out of it. Rules run before a probe leave their requests inside a window that the first burst would otherwise
 * share, and the limit would read low. No wait comes before the first single request: the window after the one
 * served already covers what came before it. Bounded by `maxSeconds` and ten single requests.
 */
export async function awaitQuietWindow(
  sendOne: () => Promise<Exchange>,
  windowSeconds: number,
  maxSeconds: number,
  signal?: AbortSignal,
): Promise<QuietWindow> {
  const startedAt = Date.now();
  const waited = () => (Date.now() - startedAt) / 1000;
  let singleRequests = 0;
  while (!signal?.aborted && singleRequests < mostSingleRequests && waited() < maxSeconds) {
    const exchange = await sendOne();
    singleRequests += 1;
    if (exchange.response?.status !== 429) {
      await pause(windowSeconds, signal);
      return { waitedSeconds: waited(), singleRequests, quiet: true };
    }
    await pause(Math.max(windowSeconds, retryAfterOf(exchange) ?? 1), signal);
  }
  return { waitedSeconds: waited(), singleRequests, quiet: false };
}

import { beforeAll } from 'vitest';

/** The least time between a first use made when a suite file starts and its replay by the file's last rule. */
export const lateReplayDelayMs = 1000;

/** A first use made early, with when it was sent. */
export interface EarlyUse<T> {
  value: T;
  sentAt: number;
}

/**
 * Sends a first use (a nonce, an order id) when the suite file starts, without holding the file's other rules
 * up: they run beside it, and the rule declared last replays it after them. `send` returns undefined where the
 * target has nothing to try it on (no mac settings). The getter waits, bounded by lateReplayDelayMs, until the
 * replay is at least that late, so a target that forgets after a while is caught even in a fast run.
 */
export function useEarlyUse<T>(send: () => Promise<T> | undefined): () => Promise<EarlyUse<T> | undefined> {
  let early: Promise<EarlyUse<T> | undefined> = Promise.resolve(undefined);
  beforeAll(() => {
    const sentAt = Date.now();
    // Not awaited: the first use travels beside the file's first rules.
    early = Promise.resolve(send()).then((value) => (value === undefined ? undefined : { value, sentAt }));
    early.catch(() => undefined);
  });
  return async () => {
    const use = await early;
    if (use) await new Promise((resolve) => setTimeout(resolve, Math.min(lateReplayDelayMs, Math.max(0, use.sentAt + lateReplayDelayMs - Date.now()))));
    return use;
  };
}

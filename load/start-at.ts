import { HarnessError } from '../core/harness-error.ts';

/** The furthest ahead a start may be given: a replica waiting longer is more likely a wrong clock or a typo. */
export const maxStartAheadMs = 10 * 60 * 1000;

/** `--start-at`: an ISO time ("2026-11-26T05:00:00Z") or epoch milliseconds. */
export function parseStartAt(text: string): number {
  const at = /^\d+$/.test(text.trim()) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(at))
    throw new HarnessError(
      'USAGE',
      `--start-at ${JSON.stringify(text)} is neither an ISO time nor epoch milliseconds`,
      'e.g. --start-at 2026-11-26T05:00:00Z or --start-at 1795669200000',
    );
  return at;
}

/**
 * Checks a start replicas were given, before anything is launched: at most maxStartAheadMs ahead, and not
 * already past by more than the run lasts (the replicas that did start would be done: their segments could not
 * line up with this one's).
 */
export function checkStartAt(startAt: number, durationSeconds: number, now = Date.now()): void {
  const when = new Date(startAt).toISOString();
  if (startAt - now > maxStartAheadMs)
    throw new HarnessError(
      'USAGE',
      `--start-at ${when} is more than ${maxStartAheadMs / 60_000} min ahead`,
      'give a start within the next 10 minutes',
    );
  if (now - startAt > durationSeconds * 1000)
    throw new HarnessError(
      'USAGE',
      `--start-at ${when} passed ${Math.round((now - startAt) / 1000)} s ago, longer than an operation's ${durationSeconds} s run`,
      'give a start still to come (every replica the same)',
    );
}

/** Waits until the start (at once when it has passed); resolves early when the signal aborts. */
export async function waitForStart(startAt: number, signal?: AbortSignal): Promise<void> {
  const wait = startAt - Date.now();
  if (wait <= 0) return;
  if (signal?.aborted) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, wait);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Progress where a live line cannot be redrawn (a CI log, a pipe): a plain line at a steady interval, so a
 * long run is never silent in a log and a log never fills with redraws. k6 does the same in any log.
 */

/** How often a plain progress line is written: every 10 s, or every HARNESS_PROGRESS_EVERY_MS (at least 1 s). */
export function logProgressIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.HARNESS_PROGRESS_EVERY_MS);
  return Number.isFinite(asked) && asked >= 1000 ? asked : 10_000;
}

/** Whether progress belongs on this stream as plain lines rather than a live line (CI, or not a terminal). */
export function plainProgressWanted(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return !stream.isTTY || Boolean(env.CI);
}

/** Writes `line()` every `intervalMs` until stopped; a line that says nothing new (undefined) is skipped. */
export function everyInterval(
  stream: NodeJS.WriteStream,
  line: () => string | undefined,
  intervalMs = logProgressIntervalMs(),
): { stop(): void } {
  const timer = setInterval(() => {
    const text = line();
    if (text !== undefined) stream.write(`${text}\n`);
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export function elapsedText(sinceMs: number, now = Date.now()): string {
  return `${Math.round((now - sinceMs) / 1000)} s`;
}

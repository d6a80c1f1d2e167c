import type { StopReason } from '../reporting/run-summary.ts';
import { listenForInterruption } from './interrupt.ts';

/**
 * After SIGINT or SIGTERM the process exits 2 within this long whatever workers, target or sockets do (workers killed).
 */
export const interruptDeadlineMs = 3500;

/** What stops a run: a signal or its deadline, whichever comes first. */
export type RunStop = ReturnType<typeof stopSignals>;

/** A signal or the deadline, whichever comes first. */
export function stopSignals(maxTimeMs: number) {
  const interruption = listenForInterruption({ hardDeadlineMs: interruptDeadlineMs });
  let deadlineReached = false;
  let reached: () => void = () => {};
  const deadline = new Promise<'max-time'>((resolve) => (reached = () => resolve('max-time')));
  const timer = setTimeout(() => {
    deadlineReached = true;
    reached();
  }, maxTimeMs);
  timer.unref();
  const requested = Promise.race([
    interruption.arrived.then((signal): StopReason => (signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM')),
    deadline,
  ]);
  // When the stop was asked for: a test that ends from then on was judged by the wind-down, not by the target.
  let requestedAt: number | undefined;
  void requested.then(() => (requestedAt ??= Date.now()));
  // A target still starting when a stop is requested is given up (and removed) rather than awaited.
  const startAbandoned = new AbortController();
  void requested.then(() => startAbandoned.abort());
  return {
    get reason(): StopReason | undefined {
      return interruption.signal === 'SIGINT' || interruption.signal === 'SIGTERM'
        ? interruption.signal
        : deadlineReached
          ? 'max-time'
          : undefined;
    },
    requested,
    get requestedAt() {
      return requestedAt;
    },
    abandonStart: startAbandoned.signal,
    beforeForcedExit: (work: () => void) => interruption.beforeForcedExit(work),
    dispose() {
      clearTimeout(timer);
      interruption.dispose();
    },
  };
}

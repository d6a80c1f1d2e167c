import { killDescendants } from './process-tree.ts';

/** An interruption a run listens for: SIGINT (Ctrl-C) or SIGTERM (a CI job being cancelled). */
export interface Interruption {
  /** The signal received, once one was. */
  readonly signal: NodeJS.Signals | undefined;
  /** Resolves when a signal arrives. */
  readonly arrived: Promise<NodeJS.Signals>;
  /**
   * Work that must happen even when the exit is forced (a second signal, the hard deadline): stopping a started target,
   * writing the summary. Synchronous.
   */
  beforeForcedExit(work: () => void): void;
  /**
   * Forgets the last work. Without a hard deadline it also stops listening (the process's default handling
   * comes back); with one, the listener stays until the process ends, so a signal that comes while the run
   * prints or builds its report still ends the process with exit 2 within the deadline.
   */
  dispose(): void;
}

export interface InterruptionOptions {
  /**
   * After the first signal the process exits 2 within this many ms whatever is still running: the last work
   * runs, every process below this one is killed, and the process exits. Default: none (wind down freely).
   */
  hardDeadlineMs?: number;
}

/** Where bin/harness.js keeps a signal that came before any command listened (see rememberEarlySignals there). */
const earlySignalKey = Symbol.for('harness.early-signal');
interface EarlySignal {
  signal?: NodeJS.Signals;
  listener: (signal: NodeJS.Signals) => void;
}

/** Takes over from the listener bin/harness.js installed at start: returns the signal it caught, if any. */
function takeOverEarlySignal(): NodeJS.Signals | undefined {
  const early = (globalThis as Record<symbol, EarlySignal | undefined>)[earlySignalKey];
  if (!early) return undefined;
  process.off('SIGINT', early.listener);
  process.off('SIGTERM', early.listener);
  delete (globalThis as Record<symbol, EarlySignal | undefined>)[earlySignalKey];
  return early.signal;
}

export function listenForInterruption(options: InterruptionOptions = {}): Interruption {
  let received: NodeJS.Signals | undefined;
  let resolve: (signal: NodeJS.Signals) => void = () => {};
  const arrived = new Promise<NodeJS.Signals>((done) => (resolve = done));
  let lastWork: (() => void)[] = [];
  const forceExit = (why: string) => {
    console.error(`harness: ${why}: stopping now (exit 2)`);
    for (const work of lastWork) {
      try {
        work();
      } catch (error) {
        console.error(`harness: while stopping: ${(error as Error).message}`);
      }
    }
    killDescendants();
    process.exit(2);
  };
  const handler = (signal: NodeJS.Signals) => {
    // A second signal while we are winding down: stop now, after the synchronous last work.
    if (received) forceExit(`second ${signal}`);
    received = signal;
    console.error(`harness: ${signal} received: stopping the run, the target and writing the partial summary`);
    // Ctrl-C reaches the whole process group: workers die under vitest, which throws "Worker exited
    // unexpectedly" from an event nobody listens to. While stopping, such a crash must not end the run
    // before its summary is written (the hard deadline still bounds the wind-down).
    process.on('uncaughtException', (error) =>
      console.error(`harness: while stopping after ${signal}: ${error.message} (ignored)`),
    );
    if (options.hardDeadlineMs !== undefined) {
      const deadlineMs = options.hardDeadlineMs;
      // Unref'd: a run that winds down in time ends by itself; one held open by a stuck worker or socket does not.
      setTimeout(
        () => forceExit(`the run did not stop within ${deadlineMs / 1000} s of ${signal}`),
        deadlineMs,
      ).unref();
    }
    resolve(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  const early = takeOverEarlySignal();
  if (early) handler(early);
  return {
    get signal() {
      return received;
    },
    arrived,
    beforeForcedExit: (work) => void lastWork.push(work),
    dispose() {
      lastWork = [];
      if (options.hardDeadlineMs !== undefined) return;
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

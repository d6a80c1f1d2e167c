/** An interruption a run listens for: SIGINT (Ctrl-C) or SIGTERM (a CI job being cancelled). */
export interface Interruption {
  /** The signal received, once one was. */
  readonly signal: NodeJS.Signals | undefined;
  /** Resolves when a signal arrives. */
  readonly arrived: Promise<NodeJS.Signals>;
  /** Work that must happen even when a second signal forces the exit (stopping a started target). */
  beforeForcedExit(work: () => void): void;
  /** Stops listening (the process's default handling comes back). */
  dispose(): void;
}

export function listenForInterruption(): Interruption {
  let received: NodeJS.Signals | undefined;
  let resolve: (signal: NodeJS.Signals) => void = () => {};
  const arrived = new Promise<NodeJS.Signals>((done) => (resolve = done));
  const lastWork: (() => void)[] = [];
  const handler = (signal: NodeJS.Signals) => {
    // A second signal while we are winding down: stop now, after the synchronous last work.
    if (received) {
      for (const work of lastWork) work();
      process.exit(2);
    }
    received = signal;
    console.error(`harness: ${signal} received: stopping the run, the target and writing the partial summary`);
    resolve(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    get signal() {
      return received;
    },
    arrived,
    beforeForcedExit: (work) => void lastWork.push(work),
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

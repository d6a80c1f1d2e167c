import { Writable } from 'node:stream';

/** What vitest reports when a test worker process died under a file (out of memory, a signal). */
const crashError = /\[vitest-pool\]: Worker .* emitted error|Worker exited unexpectedly/;

/** Whether an error outside tests is a test worker that died. */
export const isWorkerCrash = (error: string): boolean => crashError.test(error);

/** The fatal lines a dying Node process prints, and what they mean in a report. */
const fatalLines: readonly [RegExp, string][] = [
  [/JavaScript heap out of memory|Reached heap limit|Allocation failed/, 'out of memory'],
  [/FATAL ERROR/, 'a fatal V8 error'],
  [/Segmentation fault|SIGSEGV/, 'a segmentation fault'],
];

/**
 * Watches what the test workers print on stderr (vitest pipes it to the stream it is given) and passes it on to
 * `out`: a worker that dies says why only there ("FATAL ERROR: Reached heap limit ... JavaScript heap out of
 * memory"), and the report must say it too, not only vitest's "Worker forks emitted error".
 */
export class WorkerCrashWatch {
  #cause: string | undefined;
  readonly stream: Writable;

  constructor(out: NodeJS.WritableStream = process.stderr) {
    this.stream = new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        const text = String(chunk);
        for (const [pattern, meaning] of fatalLines) {
          const line = text.split('\n').find((candidate) => pattern.test(candidate));
          if (line !== undefined && this.#cause === undefined) this.#cause = `${meaning}: ${line.trim().slice(0, 200)}`;
        }
        out.write(chunk, () => done());
      },
    });
  }

  /** Why a worker died, as far as its last words tell; a worker killed without a word exited unexpectedly. */
  cause(): string {
    return this.#cause ?? 'it exited unexpectedly (killed by a signal, or out of memory without a word)';
  }
}

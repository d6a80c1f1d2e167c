import type { Readable } from 'node:stream';

/**
 * The last lines a started target printed (a child process's stdout and stderr, a container's log), for the
 * readiness check that watches for a line and for the evidence when it fails to start or a check fails.
 */
export class RecentLines {
  readonly #lines: string[] = [];
  readonly #listeners: ((line: string) => void)[] = [];

  constructor(readonly keep = 200) {}

  /** Reads a stream line by line; each stream keeps its unfinished last line until the rest arrives. */
  follow(stream: Readable | null | undefined): void {
    if (!stream) return;
    let partial = '';
    stream.on('data', (chunk: Buffer | string) => {
      const parts = (partial + chunk.toString()).split(/\r?\n/);
      partial = parts.pop() ?? '';
      for (const line of parts) this.#add(line);
    });
    stream.on('end', () => this.#add(partial));
    // A log stream that breaks ends the watch; it is no reason to crash the run.
    stream.on('error', () => {});
  }

  onLine(listener: (line: string) => void): void {
    this.#listeners.push(listener);
  }

  /** The last `count` lines (all kept lines by default). */
  last(count = this.keep): string[] {
    return this.#lines.slice(-count);
  }

  #add(line: string): void {
    if (!line) return;
    this.#lines.push(line);
    if (this.#lines.length > this.keep) this.#lines.shift();
    for (const listener of this.#listeners) listener(line);
  }
}

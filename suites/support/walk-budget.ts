import type { Exchange } from '../../client/http-exchange.ts';
import type { WalkBounds } from '../../targets/walk-bounds.ts';
import { runContext } from './run-context.ts';

/** The part of the run's time left that one walk may take: rules share the deadline, so no walk spends it all. */
const deadlineShare = 1 / 4;

/** Seconds with one decimal, for a report. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * What one walk may spend, and what it spent: pages, requests and time, from the section's bounds and the
 * run's deadline. A walk asks `exhausted` before each request; the answer names the bound and what the walk
 * saw ("pages took 8.0 s each; 5 pages read in 40 s"), for the report.
 */
export class WalkBudget {
  readonly #startedAt = performance.now();
  readonly #timeMs: number;
  readonly #timeBound: string;
  #requests = 0;
  #bytes = 0;

  constructor(
    private readonly bounds: WalkBounds,
    deadlineAt = runDeadline(),
  ) {
    const ownMs = bounds.maxWalkSeconds * 1000;
    const shareMs = deadlineAt === undefined ? Number.POSITIVE_INFINITY : (deadlineAt - Date.now()) * deadlineShare;
    this.#timeMs = Math.max(0, Math.min(ownMs, shareMs));
    this.#timeBound =
      ownMs <= shareMs
        ? `maxWalkSeconds (${bounds.maxWalkSeconds} s)`
        : `its share of the run's deadline (${seconds(this.#timeMs)})`;
  }

  /** Counts requests the walk made (one, or the exchanges of another route) and the bytes their answers hold. */
  spend(exchanges?: Exchange | readonly Exchange[]): void {
    const spent: readonly (Exchange | undefined)[] = Array.isArray(exchanges) ? exchanges : [exchanges as Exchange];
    this.#requests += spent.length;
    for (const exchange of spent) this.#bytes += exchange?.response?.body.length ?? 0;
  }

  /** Requests still allowed to this walk (for a route that asks many pages at once). */
  get requestsLeft(): number {
    return Math.max(0, this.bounds.maxWalkRequests - this.#requests);
  }

  /**
   * The bound that stops the walk before its next request, with what it saw; undefined while none is reached.
   * `pages` is how many pages the walk holds.
   */
  exhausted(pages: number): string | undefined {
    const elapsed = performance.now() - this.#startedAt;
    const pace = `${pages} pages read in ${seconds(elapsed)}${pages > 0 ? `; pages took ${seconds(elapsed / Math.max(1, this.#requests))} each` : ''}`;
    if (pages >= this.bounds.maxWalkPages) return `stopped by maxWalkPages (${this.bounds.maxWalkPages}): ${pace}`;
    if (this.#requests >= this.bounds.maxWalkRequests)
      return `stopped by maxWalkRequests (${this.bounds.maxWalkRequests}, ${this.#requests} requests): ${pace}`;
    if (this.#bytes >= this.bounds.maxWalkBytes)
      return `stopped by maxWalkBytes (${this.bounds.maxWalkBytes}, ${this.#bytes} bytes of pages held): ${pace}`;
    if (elapsed >= this.#timeMs) return `stopped by ${this.#timeBound}: ${pace}`;
    return undefined;
  }
}

/** The run's deadline, when a run gave one (unit tests of walks run without a run context). */
function runDeadline(): number | undefined {
  try {
    return runContext().deadlineAt;
  } catch {
    return undefined;
  }
}

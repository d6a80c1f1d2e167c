import type { Exchange } from '../../client/http-exchange.ts';
import { collectGarbageSoon } from '../../core/collect-garbage.ts';
import { answersAreSlow } from '../../core/rule-in-progress.ts';
import { RuleOutOfTime } from '../../engine/rule-out-of-time.ts';
import type { WalkBounds } from '../../targets/walk-bounds.ts';
import { runContext } from '../../engine/run-context.ts';

/** The part of the run's time left that one walk may take: rules share the deadline, so no walk spends it all. */
const deadlineShare = 1 / 4;

/**
 * What a walk keeps of a page's bytes once it has read them: the first 16 KiB, for evidence (a report shows 4,000
 * characters). The rules read the parsed document, so a page is held once, not twice.
 */
export const keptPageBytes = 16 * 1024;

/** A page at least this large is collected once it is let go: its bytes and text are garbage then. */
const collectFromBytes = 1024 * 1024;

/**
 * The decoded page bytes the walks of the suite file now running hold together. A worker runs one suite file at a
 * time, and a file's walks are shared by its rules until it ends: this sum, bounded by maxWalkBytes, is what the
 * walks can make a worker hold, whatever their number or their pages.
 */
const fileLedger = { bytes: 0 };

/** A suite file starts (suites/support/await-turn.ts): the walks of the file before it are no longer held. */
export function startFileWalks(): number {
  const held = fileLedger.bytes;
  fileLedger.bytes = 0;
  return held;
}

/** Seconds with one decimal, for a report. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * What one walk may spend, and what it spent: pages, requests and time, from the section's bounds and the
 * run's deadline, and the page bytes its suite file's walks hold together. A walk asks `exhausted` before each
 * request; the answer names the bound and what the walk saw ("pages took 8.0 s each; 5 pages read in 40 s"), for
 * the report.
 */
export class WalkBudget {
  readonly #startedAt = performance.now();
  readonly #timeMs: number;
  readonly #timeBound: string;
  /** Whether the time bound is the run's deadline (its share), not the entry's maxWalkSeconds. */
  readonly #boundByDeadline: boolean;
  #requests = 0;
  #answeredMs = 0;

  constructor(
    private readonly bounds: WalkBounds,
    deadlineAt = runDeadline(),
  ) {
    const ownMs = bounds.maxWalkSeconds * 1000;
    const shareMs = deadlineAt === undefined ? Number.POSITIVE_INFINITY : (deadlineAt - Date.now()) * deadlineShare;
    this.#timeMs = Math.max(0, Math.min(ownMs, shareMs));
    this.#boundByDeadline = shareMs < ownMs;
    this.#timeBound =
      ownMs <= shareMs
        ? `maxWalkSeconds (${bounds.maxWalkSeconds} s)`
        : `its share of the run's deadline (${seconds(this.#timeMs)})`;
  }

  /**
   * Counts requests the walk made (one, or the exchanges of another route) and the page bytes their answers hold,
   * and lets each body go past its first bytes once parsed (the walk keeps the parsed page).
   */
  spend(exchanges?: Exchange | readonly Exchange[]): void {
    const spent: readonly (Exchange | undefined)[] = Array.isArray(exchanges) ? exchanges : [exchanges as Exchange];
    this.#requests += spent.length;
    for (const exchange of spent) {
      this.#answeredMs += exchange?.durationMs ?? 0;
      const response = exchange?.response;
      if (!response) continue;
      const bytes = response.letGo?.bodyBytes ?? response.body.length;
      fileLedger.bytes += bytes;
      response.letBodyGo(keptPageBytes);
      // The same collection the client scheduled as the large body arrived, when it did: one, not two.
      if (bytes >= collectFromBytes) collectGarbageSoon();
    }
  }

  /** Requests still allowed to this walk (for a route that asks many pages at once). */
  get requestsLeft(): number {
    return Math.max(0, this.bounds.maxWalkRequests - this.#requests);
  }

  /**
   * The bound that stops the walk before its next request, with what it saw; undefined while none is reached.
   * `pages` is how many pages the walk holds. Throws RuleOutOfTime where the run's deadline stops a walk whose
   * target answers slowly.
   */
  exhausted(pages: number): string | undefined {
    const elapsed = performance.now() - this.#startedAt;
    const pace = `${pages} pages read in ${seconds(elapsed)}${pages > 0 ? `; pages took ${seconds(elapsed / Math.max(1, this.#requests))} each` : ''}`;
    if (pages >= this.bounds.maxWalkPages) return `stopped by maxWalkPages (${this.bounds.maxWalkPages}): ${pace}`;
    if (this.#requests >= this.bounds.maxWalkRequests)
      return `stopped by maxWalkRequests (${this.bounds.maxWalkRequests}, ${this.#requests} requests): ${pace}`;
    if (fileLedger.bytes >= this.bounds.maxWalkBytes)
      return `stopped by maxWalkBytes (${this.bounds.maxWalkBytes}, ${fileLedger.bytes} bytes of pages held by the walks of this suite file): ${pace}`;
    if (elapsed < this.#timeMs) return undefined;
    // Out of the run's time with a target that answers slowly: the target's slowness, judged once for the run
    // (engine/slow-target.ts), not a walk that cannot end.
    if (this.#boundByDeadline && answersAreSlow({ count: this.#requests, totalMs: this.#answeredMs }))
      throw new RuleOutOfTime(`${pace} (${this.#timeBound})`);
    return `stopped by ${this.#timeBound}: ${pace}`;
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

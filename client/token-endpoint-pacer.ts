/**
 * Caller discipline for the token endpoint: the spec rate-limits it per caller IP and says a 429 means the request
 * frequency must be reduced. All token requests of the process go through one Pacer.
 */
import type { Exchange } from './http-exchange.ts';
import { getHeader } from './headers.ts';

export interface PacerOptions {
  /** Minimum spacing between two requests, in ms. */
  minIntervalMs: number;
  /** Clock in ms; injectable for tests. Default performance.now (monotonic). */
  now?: () => number;
  /** Injectable for tests. Default setTimeout-based. */
  sleep?: (ms: number) => Promise<void>;
}

const MAX_RETRY_AFTER_MS = 60_000;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a sender needs of a pacer: wait for a slot, and pause everybody after a 429. */
export interface RequestPacer {
  wait(): Promise<void>;
  pauseFor(ms: number): void;
}

export class Pacer implements RequestPacer {
  readonly #minIntervalMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #queue: Array<() => void> = [];
  #lastReleaseAt = Number.NEGATIVE_INFINITY;
  #pausedUntil = Number.NEGATIVE_INFINITY;
  #pumping = false;

  constructor(options: PacerOptions) {
    this.#minIntervalMs = options.minIntervalMs;
    this.#now = options.now ?? (() => performance.now());
    this.#sleep = options.sleep ?? defaultSleep;
  }

  /** Resolves when the next request may be sent: FIFO, at least minIntervalMs apart, and not during a pause. */
  wait(): Promise<void> {
    return new Promise((resolve) => {
      this.#queue.push(resolve);
      if (!this.#pumping) void this.#pump();
    });
  }

  /** After a 429: nobody is released for `ms` from now (waiters already queued included). */
  pauseFor(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + Math.max(0, ms));
  }

  /**
   * A single loop releases waiters; it re-reads the deadline after every sleep so a pause arriving meanwhile counts.
   */
  async #pump(): Promise<void> {
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        const releaseAt = Math.max(this.#lastReleaseAt + this.#minIntervalMs, this.#pausedUntil);
        const now = this.#now();
        if (now < releaseAt) {
          await this.#sleep(releaseAt - now);
          continue;
        }
        this.#lastReleaseAt = now;
        this.#queue.shift()?.();
      }
    } finally {
      this.#pumping = false;
    }
  }
}

/** Retry-After (delta-seconds or HTTP-date) in ms, clamped to [0, 60_000]; `fallbackMs` when absent or unparseable. */
export function retryAfterMs(exchange: Exchange, fallbackMs: number): number {
  return clamp(parseRetryAfter(getHeader(exchange.response?.headers, 'retry-after')) ?? fallbackMs);
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

function clamp(ms: number): number {
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export interface BackoffOptions {
  pacer: RequestPacer;
  /** Attempts including the first. Default 5. */
  maxAttempts?: number;
  /** Pause when a 429 carries no usable Retry-After, doubled on each further 429. Default 1000 ms. */
  fallbackMs?: number;
}

/**
 * Waits for the pacer before each attempt; on 429 pauses the pacer by Retry-After and retries. Returns the last
 * exchange.
 */
export async function sendWithBackoff(send: () => Promise<Exchange>, options: BackoffOptions): Promise<Exchange> {
  const { pacer, maxAttempts = 5, fallbackMs = 1000 } = options;
  for (let attempt = 1; ; attempt++) {
    await pacer.wait();
    const exchange = await send();
    if (exchange.response?.status !== 429 || attempt >= maxAttempts) return exchange;
    pacer.pauseFor(retryAfterMs(exchange, fallbackMs * 2 ** (attempt - 1)));
  }
}

import { isSuccess, type Reply } from './reply.ts';

/**
 * Idempotency-Key store: a retry with the same key gets the first request's reply instead of creating again.
 * Entries hold the reply promise, so a duplicate arriving while the first is still running awaits it.
 */

const dayMs = 24 * 60 * 60 * 1000;

export class IdempotencyStore {
  private readonly entries = new Map<string, { expiresAt: number; reply: Promise<Reply> }>();

  constructor(
    private readonly ttlMs = dayMs,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Promise<Reply> | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry?.reply;
  }

  /** Remembers the reply; forgets it again if it turns out not to be a success (only 2xx replies replay). */
  set(key: string, reply: Promise<Reply>): void {
    if (this.entries.size >= 10_000) this.dropExpired();
    const entry = { expiresAt: this.now() + this.ttlMs, reply };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    reply.then((settled) => isSuccess(settled.status) || forget(), forget);
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** Runs an operation under an idempotency key. */
export type IdempotentRunner = (
  store: IdempotencyStore,
  key: string,
  operation: () => Promise<Reply>,
) => Promise<Reply>;

/** Lookup and registration happen with no await between them, so concurrent duplicates share one run. */
export const replayOrRun: IdempotentRunner = (store, key, operation) => {
  const existing = store.get(key);
  if (existing) return existing;
  const reply = operation();
  store.set(key, reply);
  return reply;
};

/**
 * Bearer token cache. The spec requires a token to be used until it expires and forbids generating many tokens in a
 * short period, so callers share one token and concurrent misses share one fetch.
 */

export interface IssuedToken {
  accessToken: string;
  /** `expires_in` from the token response, when known. */
  expiresInSeconds?: number;
}

export interface TokenCacheOptions {
  fetchToken: () => Promise<IssuedToken>;
  /**
   * Refresh this long before expiry (capped at half the lifetime, so short-lived tokens are still reused). Default 30.
   */
  refreshMarginSeconds?: number;
  /** Lifetime assumed when the token response has no usable expires_in. Default 300. */
  defaultLifetimeSeconds?: number;
  /** Clock in ms; injectable for tests. Default Date.now. */
  now?: () => number;
}

export class TokenCache {
  readonly #fetchToken: () => Promise<IssuedToken>;
  readonly #marginMs: number;
  readonly #defaultLifetimeMs: number;
  readonly #now: () => number;
  #token: string | undefined;
  #refreshAt = 0;
  #inflight: Promise<string> | undefined;
  #fetchCount = 0;

  constructor(options: TokenCacheOptions) {
    this.#fetchToken = options.fetchToken;
    this.#marginMs = (options.refreshMarginSeconds ?? 30) * 1000;
    this.#defaultLifetimeMs = (options.defaultLifetimeSeconds ?? 300) * 1000;
    this.#now = options.now ?? Date.now;
  }

  /** Number of fetchToken() calls made so far. */
  get fetchCount(): number {
    return this.#fetchCount;
  }

  /** The cached token until (expiry - margin); otherwise one shared fetch. A failed fetch is not cached. */
  get(): Promise<string> {
    if (this.#token !== undefined && this.#now() < this.#refreshAt) return Promise.resolve(this.#token);
    // Cleared in a callback, which always runs after the assignment even if fetchToken throws synchronously.
    this.#inflight ??= this.#fetch().finally(() => {
      this.#inflight = undefined;
    });
    return this.#inflight;
  }

  /** The token and how long it stays usable from now, in ms (for sharing it with other processes). */
  async getWithLifetime(): Promise<{ accessToken: string; validForMs: number }> {
    const accessToken = await this.get();
    return { accessToken, validForMs: Math.max(0, this.#refreshAt - this.#now()) };
  }

  /** Drops the cached token (e.g. after a 401). A fetch already in flight still completes and is cached. */
  invalidate(): void {
    this.#token = undefined;
  }

  async #fetch(): Promise<string> {
    // Lifetime counts from before the request: the server started the clock no later than that.
    const requestedAt = this.#now();
    this.#fetchCount++;
    const issued = await this.#fetchToken();
    const lifetimeMs = isUsableLifetime(issued.expiresInSeconds)
      ? issued.expiresInSeconds * 1000
      : this.#defaultLifetimeMs;
    this.#token = issued.accessToken;
    this.#refreshAt = requestedAt + Math.max(lifetimeMs - this.#marginMs, lifetimeMs / 2);
    return issued.accessToken;
  }
}

function isUsableLifetime(seconds: number | undefined): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0;
}

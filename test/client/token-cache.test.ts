import { describe, expect, it } from 'vitest';
import { TokenCache } from '../../client/token-cache.ts';
import type { IssuedToken } from '../../client/token-cache.ts';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (err: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** fetchToken that issues token-1, token-2 ... with the given lifetime. */
function issuer(expiresInSeconds?: number): () => Promise<IssuedToken> {
  let n = 0;
  return async () => ({ accessToken: `token-${++n}`, ...(expiresInSeconds === undefined ? {} : { expiresInSeconds }) });
}

describe('TokenCache', () => {
  it('shares one fetch between concurrent callers', async () => {
    const pending = deferred<IssuedToken>();
    let calls = 0;
    const cache = new TokenCache({
      fetchToken: () => {
        calls++;
        return pending.promise;
      },
    });
    const all = Promise.all([cache.get(), cache.get(), cache.get()]);
    pending.resolve({ accessToken: 'shared', expiresInSeconds: 300 });
    expect(await all).toEqual(['shared', 'shared', 'shared']);
    expect(calls).toBe(1);
    expect(cache.fetchCount).toBe(1);
  });

  it('reuses the token until expiry minus margin, then refreshes', async () => {
    let now = 1_000_000;
    const cache = new TokenCache({ fetchToken: issuer(300), refreshMarginSeconds: 30, now: () => now });
    expect(await cache.get()).toBe('token-1');
    now += 269_000;
    expect(await cache.get()).toBe('token-1');
    now += 1_000; // 270 s = 300 - 30
    expect(await cache.get()).toBe('token-2');
    expect(cache.fetchCount).toBe(2);
  });

  it('uses defaultLifetimeSeconds when expires_in is unknown', async () => {
    let now = 0;
    const cache = new TokenCache({
      fetchToken: issuer(),
      defaultLifetimeSeconds: 100,
      refreshMarginSeconds: 10,
      now: () => now,
    });
    await cache.get();
    now = 89_999;
    expect(await cache.get()).toBe('token-1');
    now = 90_000;
    expect(await cache.get()).toBe('token-2');
  });

  it('still reuses short-lived tokens (margin capped at half the lifetime)', async () => {
    let now = 0;
    const cache = new TokenCache({ fetchToken: issuer(10), refreshMarginSeconds: 30, now: () => now });
    await cache.get();
    now = 4_999;
    expect(await cache.get()).toBe('token-1');
    now = 5_000;
    expect(await cache.get()).toBe('token-2');
  });

  it('does not cache a failed fetch, also when fetchToken throws synchronously', async () => {
    let attempt = 0;
    const cache = new TokenCache({
      fetchToken: () => {
        attempt++;
        if (attempt === 1) return Promise.reject(new Error('endpoint down'));
        if (attempt === 2) throw new Error('sync failure');
        return Promise.resolve({ accessToken: 'recovered', expiresInSeconds: 60 });
      },
    });
    await expect(Promise.all([cache.get(), cache.get()])).rejects.toThrow('endpoint down');
    await expect(cache.get()).rejects.toThrow('sync failure');
    expect(await cache.get()).toBe('recovered');
    expect(cache.fetchCount).toBe(3);
  });

  it('invalidate() forces the next get() to fetch', async () => {
    const cache = new TokenCache({ fetchToken: issuer(300) });
    expect(await cache.get()).toBe('token-1');
    cache.invalidate();
    expect(await cache.get()).toBe('token-2');
    expect(await cache.get()).toBe('token-2');
  });
});

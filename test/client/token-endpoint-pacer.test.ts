import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../client/http-client.ts';
import { Pacer, retryAfterMs, sendWithBackoff } from '../../client/token-endpoint-pacer.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { startHttp } from './support/servers.ts';
import type { Running } from './support/servers.ts';

/** Manual clock: sleepers resolve only when advance() passes their deadline. */
class FakeTime {
  now = 1_000;
  readonly sleeps: number[] = [];
  #sleepers: Array<{ until: number; resolve: () => void }> = [];

  readonly clock = (): number => this.now;
  readonly sleep = (ms: number): Promise<void> => {
    this.sleeps.push(ms);
    return new Promise((resolve) => this.#sleepers.push({ until: this.now + ms, resolve }));
  };

  async advance(ms: number): Promise<void> {
    this.now += ms;
    const due = this.#sleepers.filter((s) => s.until <= this.now);
    this.#sleepers = this.#sleepers.filter((s) => s.until > this.now);
    for (const sleeper of due) sleeper.resolve();
    await flush();
  }
}

/** Lets promise chains settle. */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A sleep that advances the fake clock instantly (for tests that only look at the amounts). */
function instantTime(): { now: () => number; sleep: (ms: number) => Promise<void>; sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('Pacer', () => {
  it('spaces concurrent callers minIntervalMs apart, FIFO', async () => {
    const time = new FakeTime();
    const pacer = new Pacer({ minIntervalMs: 100, now: time.clock, sleep: time.sleep });
    const released: Array<[number, number]> = [];
    const waits = [0, 1, 2, 3].map((i) => pacer.wait().then(() => released.push([i, time.now])));
    await flush();
    expect(released).toEqual([[0, 1_000]]);
    for (let i = 0; i < 3; i++) await time.advance(100);
    await Promise.all(waits);
    expect(released).toEqual([
      [0, 1_000],
      [1, 1_100],
      [2, 1_200],
      [3, 1_300],
    ]);
  });

  it('releases at once after a quiet period', async () => {
    const time = new FakeTime();
    const pacer = new Pacer({ minIntervalMs: 100, now: time.clock, sleep: time.sleep });
    await pacer.wait();
    await time.advance(500);
    await pacer.wait();
    expect(time.sleeps).toEqual([]);
  });

  it('pauseFor holds everyone, including callers already queued', async () => {
    const time = new FakeTime();
    const pacer = new Pacer({ minIntervalMs: 100, now: time.clock, sleep: time.sleep });
    await pacer.wait(); // t=1000
    const released: number[] = [];
    const waits = [pacer.wait(), pacer.wait()].map((p) => p.then(() => released.push(time.now)));
    await flush();
    pacer.pauseFor(1_000); // until t=2000, while the first waiter sleeps towards t=1100
    await time.advance(100);
    expect(released).toEqual([]);
    await time.advance(900);
    expect(released).toEqual([2_000]);
    await time.advance(100);
    await Promise.all(waits);
    expect(released).toEqual([2_000, 2_100]);
  });
});

describe('retryAfterMs', () => {
  const withRetryAfter = (value?: string | string[]): Exchange => ({
    id: 1,
    request: { method: 'POST', url: 'http://x/', headers: {} },
    response: {
      status: 429,
      headers: value === undefined ? {} : { 'retry-after': value },
      rawBody: Buffer.alloc(0),
      body: Buffer.alloc(0),
      text: () => '',
      json: () => null,
      letBodyGo: () => {},
    },
    startedAt: 0,
    durationMs: 0,
  });

  it('parses seconds and HTTP-dates, clamps to [0, 60000], falls back otherwise', () => {
    expect(retryAfterMs(withRetryAfter('3'), 1)).toBe(3_000);
    expect(retryAfterMs(withRetryAfter(' 0 '), 1)).toBe(0);
    expect(retryAfterMs(withRetryAfter('3600'), 1)).toBe(60_000);
    expect(retryAfterMs(withRetryAfter(['2', '5']), 1)).toBe(2_000);
    const inTenSeconds = new Date(Date.now() + 10_500).toUTCString();
    expect(retryAfterMs(withRetryAfter(inTenSeconds), 1)).toBeGreaterThan(8_000);
    expect(retryAfterMs(withRetryAfter(inTenSeconds), 1)).toBeLessThanOrEqual(10_500);
    expect(retryAfterMs(withRetryAfter('Thu, 01 Jan 1970 00:00:00 GMT'), 1)).toBe(0);
    expect(retryAfterMs(withRetryAfter('soon'), 1_234)).toBe(1_234);
    expect(retryAfterMs(withRetryAfter(), 1_234)).toBe(1_234);
    expect(retryAfterMs(withRetryAfter(), 999_999)).toBe(60_000);
  });
});

describe('sendWithBackoff', () => {
  let server: Running;
  let hits = 0;
  let mode: 'twice' | 'always' | 'no-header' = 'twice';
  const client = new HttpClient({ timeoutMs: 5_000 });

  beforeAll(async () => {
    server = await startHttp((_req, res) => {
      hits++;
      if (mode === 'no-header') return void res.writeHead(429).end();
      if (mode === 'always' || hits <= 2)
        return void res.writeHead(429, { 'retry-after': String(hits) }).end('slow down');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"t"}');
    });
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const send = (): Promise<Exchange> =>
    client.send({ method: 'POST', url: `${server.url}/token`, body: 'grant_type=client_credentials' });

  it('honours Retry-After on 429 and returns the successful exchange', async () => {
    hits = 0;
    mode = 'twice';
    const time = instantTime();
    const pacer = new Pacer({ minIntervalMs: 10, now: time.now, sleep: time.sleep });
    const exchange = await sendWithBackoff(send, { pacer });
    expect(exchange.response?.status).toBe(200);
    expect(hits).toBe(3);
    expect(time.sleeps).toEqual([1_000, 2_000]);
  });

  it('gives up after maxAttempts and returns the last 429', async () => {
    hits = 0;
    mode = 'always';
    const time = instantTime();
    const pacer = new Pacer({ minIntervalMs: 10, now: time.now, sleep: time.sleep });
    const exchange = await sendWithBackoff(send, { pacer, maxAttempts: 3 });
    expect(exchange.response?.status).toBe(429);
    expect(hits).toBe(3);
  });

  it('doubles the fallback pause when Retry-After is missing', async () => {
    hits = 0;
    mode = 'no-header';
    const time = instantTime();
    const pacer = new Pacer({ minIntervalMs: 10, now: time.now, sleep: time.sleep });
    await sendWithBackoff(send, { pacer, maxAttempts: 4, fallbackMs: 100 });
    expect(time.sleeps).toEqual([100, 200, 400]);
  });
});

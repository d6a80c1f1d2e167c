import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitBreaker, type BreakerTrip } from '../../client/circuit-breaker.ts';
import { HttpClient } from '../../client/http-client.ts';
import { joinRunBreaker, runBreakers, runMethods } from '../../client/run-breakers.ts';
import { startSessionBroker, type RunningBroker } from '../../client/session-broker.ts';
import { startHttp, unusedPort, type Running } from './support/servers.ts';

let server: Running;
/** Requests that reached /answers: a refusal "at once" is one that never reaches the target (a count, not a clock). */
let answered = 0;

beforeAll(async () => {
  // /hang never answers; anything else answers 200 at once.
  server = await startHttp((req, res) => {
    if (req.url === '/answers') answered++;
    if (req.url !== '/hang') res.end('ok');
  });
});

afterAll(() => server.close());

describe('CircuitBreaker on an HttpClient', () => {
  it('opens after the threshold of consecutive unanswered exchanges; then fails at once, naming the first', async () => {
    const trips: BreakerTrip[] = [];
    const breaker = new CircuitBreaker('billing', 3, (trip) => trips.push(trip));
    const client = new HttpClient({ timeoutMs: 150, breaker });
    try {
      for (let index = 0; index < 3; index += 1)
        expect((await client.send({ method: 'GET', url: `${server.url}/hang` })).error?.code).toBe('TIMEOUT');
      const answeredBefore = answered;
      const refused = await client.send({ method: 'GET', url: `${server.url}/answers` });
      expect(answered - answeredBefore, 'requests the open breaker let through').toBe(0);
      expect(refused.response).toBeUndefined();
      expect(refused.error?.code).toBe('TARGET_UNRESPONSIVE');
      expect(refused.error?.message).toContain(
        `3 consecutive billing exchanges got no answer; the first: GET ${server.url}/hang: TIMEOUT`,
      );
      expect(trips).toEqual([{ family: 'billing', consecutive: 3, first: expect.stringContaining('/hang: TIMEOUT') }]);
    } finally {
      await client.close();
    }
  });

  it('an answer of any kind ends the streak', async () => {
    const breaker = new CircuitBreaker('billing', 2);
    const client = new HttpClient({ timeoutMs: 150, breaker });
    try {
      for (const path of ['/hang', '/answers', '/hang', '/answers'])
        await client.send({ method: 'GET', url: `${server.url}${path}` });
      expect(breaker.trip).toBeUndefined();
      expect((await client.send({ method: 'GET', url: `${server.url}/answers` })).response?.status).toBe(200);
    } finally {
      await client.close();
    }
  });

  it('counts refused connections, not resets or malformed answers', async () => {
    const breaker = new CircuitBreaker('billing', 2);
    const client = new HttpClient({ timeoutMs: 500, breaker });
    try {
      const port = await unusedPort();
      await client.send({ method: 'GET', url: `http://127.0.0.1:${port}/` });
      expect(breaker.trip).toBeUndefined();
      await client.send({ method: 'GET', url: `http://127.0.0.1:${port}/` });
      expect(breaker.trip?.first).toContain('CONNECTION_REFUSED');
    } finally {
      await client.close();
    }
  });
});

describe('the run breakers across processes, through the session broker', () => {
  let broker: RunningBroker;
  const run = runBreakers(['billing', 'other'], 2);

  beforeAll(async () => {
    broker = await startSessionBroker(new Map([[runMethods, run.serve]]));
  });
  afterAll(() => broker.close());

  it('a breaker that opens in a suite file opens the run breaker of its family only, and later files start open', async () => {
    const first = await joinRunBreaker(broker.address, 'billing', 2);
    const client = new HttpClient({ timeoutMs: 100, breaker: first });
    try {
      for (let index = 0; index < 2; index += 1) await client.send({ method: 'GET', url: `${server.url}/hang` });
    } finally {
      await client.close();
    }
    await expect.poll(() => run.breakers.get('billing')?.trip?.consecutive).toBe(2);
    expect(run.breakers.get('other')?.trip).toBeUndefined();
    const later = await joinRunBreaker(broker.address, 'billing', 2);
    expect(later.refusal()?.code).toBe('TARGET_UNRESPONSIVE');
    expect((await joinRunBreaker(broker.address, 'other', 2)).refusal()).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitBreaker, type BreakerTrip, uncountedByBreakers } from '../../client/circuit-breaker.ts';
import { HttpClient } from '../../client/http-client.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { asRule, onlySilence, wasLeftUnanswered } from '../../core/rule-in-progress.ts';
import { type SettledThrow, settledThrow } from '../../engine/settled-verdict.ts';
import { blockedWhenUnearned } from '../../engine/unearned-failure.ts';
import type { RuleId } from '../../rules/rule-id.ts';
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

  it('names the rule whose exchange was the first unanswered; a rule whose violation rests only on exchanges never sent is blocked by it', async () => {
    const breaker = new CircuitBreaker('custody', 2);
    const client = new HttpClient({ timeoutMs: 150, breaker });
    try {
      const seen = await asRule('custody.cursor.walk-complete', async () => [
        await client.send({ method: 'GET', url: `${server.url}/hang` }),
        await client.send({ method: 'GET', url: `${server.url}/hang` }),
      ]);
      expect(seen.map((exchange) => exchange.error?.code)).toEqual(['TIMEOUT', 'TIMEOUT']);
      const refused = await asRule('custody.auth.missing', () =>
        client.send({ method: 'GET', url: `${server.url}/answers` }),
      );
      expect(refused.error).toMatchObject({ code: 'TARGET_UNRESPONSIVE', judgedBy: 'custody.cursor.walk-complete' });
      expect(refused.error?.message).toContain('the last met by custody.cursor.walk-complete');
      expect(wasLeftUnanswered('custody.cursor.walk-complete')).toBe(true);
      expect(wasLeftUnanswered('custody.auth.missing')).toBe(false);

      const breach = (ruleId: string, message: string, evidence: Exchange[]) =>
        settledThrow(new RuleViolation(ruleId as RuleId, message, evidence)) as SettledThrow;
      const notSent = breach('custody.auth.missing', 'No usable response (TARGET_UNRESPONSIVE)', [refused]);
      expect(blockedWhenUnearned('custody.auth.missing', notSent)).toMatchObject({
        status: 'blocked',
        blockedBy: ['custody.cursor.walk-complete'],
      });
      // The rule that saw the timeout and a violation with any exchange that was sent stay as they are.
      const own = breach('custody.cursor.walk-complete', 'No usable response', [refused]);
      expect(blockedWhenUnearned('custody.cursor.walk-complete', own)).toBe(own);
      const mixed = breach('custody.auth.missing', 'answered 200', [refused, seen[0] as Exchange]);
      expect(blockedWhenUnearned('custody.auth.missing', mixed)).toBe(mixed);
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

describe('what a breaker does not count, and whom it tells', () => {
  it('leaves the preflight out of its count: an unanswered preflight opens no breaker in the name of no rule', async () => {
    const breaker = new CircuitBreaker('cdr', 1);
    const client = new HttpClient({ timeoutMs: 150, breaker });
    try {
      const preflight = await uncountedByBreakers(() => client.send({ method: 'GET', url: `${server.url}/hang` }));
      expect(preflight.error?.code).toBe('TIMEOUT');
      expect(breaker.trip).toBeUndefined();
      const first = await asRule('cdr.x-v.served', () => client.send({ method: 'GET', url: `${server.url}/hang` }));
      expect(first.error?.code).toBe('TIMEOUT');
      expect(breaker.trip?.rule).toBe('cdr.x-v.served');
    } finally {
      await client.close();
    }
  });

  it('a trip told by another process makes its rule known here as the one left unanswered', () => {
    expect(wasLeftUnanswered('loyalty.mac.nonce-reuse')).toBe(false);
    new CircuitBreaker('loyalty', 3).open({
      family: 'loyalty',
      consecutive: 1,
      first: 'POST /x: TIMEOUT',
      rule: 'loyalty.mac.nonce-reuse',
    });
    expect(wasLeftUnanswered('loyalty.mac.nonce-reuse')).toBe(true);
  });

  it('tells the rule in progress when every one of its exchanges went unanswered, and not when one was answered', async () => {
    const client = new HttpClient({ timeoutMs: 150 });
    try {
      const silent = await asRule('agentic.errors.business-exception', async () => {
        await client.send({ method: 'GET', url: `${server.url}/hang` });
        await client.send({ method: 'GET', url: `${server.url}/hang` });
        return onlySilence();
      });
      expect(silent?.count).toBe(2);
      expect((silent?.first as Exchange | undefined)?.request.url).toBe(`${server.url}/hang`);
      const answeredOnce = await asRule('agentic.errors.business-exception', async () => {
        await client.send({ method: 'GET', url: `${server.url}/hang` });
        await client.send({ method: 'GET', url: `${server.url}/answers` });
        return onlySilence();
      });
      expect(answeredOnce).toBeUndefined();
      expect(await asRule('agentic.errors.business-exception', async () => onlySilence())).toBeUndefined();
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

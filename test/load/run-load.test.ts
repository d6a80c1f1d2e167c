import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runLoad } from '../../load/run-load.ts';
import { LatencyHistogram } from '../../load/latency-histogram.ts';
import { thresholds, type LoadScenario } from '../../load/scenario.ts';

/** Answers 429 to every third request under /base, with a body and Retry-After; records every path asked for. */
let server: Server;
let baseUrl: string;
const paths: string[] = [];
const signatures: string[] = [];
beforeAll(async () => {
  let served = 0;
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    signatures.push(String(req.headers['x-signature'] ?? ''));
    req.resume();
    req.on('end', () => {
      served += 1;
      if (served % 3 === 0)
        res
          .writeHead(429, { 'Retry-After': '1', 'content-type': 'application/json' })
          .end('{"error":"slow down","token":"abcd1234secret"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const scenario = (overrides: Partial<LoadScenario> = {}): LoadScenario => {
  let sequence = 0;
  return {
    name: 'test-scenario',
    family: 'test',
    baseUrl,
    requests: [
      { label: 'plain', method: 'POST', path: '/ok', body: '{"a":1}', headers: { 'content-type': 'application/json' } },
      {
        label: 'signed',
        method: 'POST',
        path: '/ok?x=1',
        body: '{"a":2}',
        freshHeaders: () => ({ 'x-signature': `s${sequence++}` }),
      },
    ],
    rate: 40,
    connections: 4,
    durationSeconds: 1.5,
    maxRequests: 1000,
    thresholds: thresholds('rate(429) > 0', 'rate(5xx) == 0', 'p99 > 0 ms'),
    ...overrides,
  };
};

/**
 * Bytes on the wire, both ways: every answer is at least its status line and body ("HTTP/1.1 200 OK", '{"ok":true}'),
 * every request its request line and body ("POST /base/ok HTTP/1.1", '{"a":1}'); neither is a kilobyte.
 */
function expectDataOnTheWire(result: Awaited<ReturnType<typeof runLoad>>, answered: number): void {
  expect(result.data?.received).toBeGreaterThanOrEqual(answered * 28);
  expect(result.data?.received).toBeLessThan(answered * 1000);
  expect(result.data?.sent).toBeGreaterThanOrEqual(answered * 29);
  expect(result.data?.sent).toBeLessThan((answered + 8) * 1000);
}

describe('a load run', () => {
  test('returns counts per status and label, per-second counts, the latency histogram and threshold verdicts', async () => {
    paths.length = 0;
    const result = await runLoad(scenario());
    const answered = (result.statuses['200'] ?? 0) + (result.statuses['429'] ?? 0);
    // 40 per second offered for 1.5 s: the first second's 40 and part of the next; a loaded machine may lag.
    expect(answered).toBeGreaterThanOrEqual(30);
    expect(answered).toBeLessThanOrEqual(80);
    expect(Object.keys(result.byLabel).sort()).toEqual(['plain', 'signed']);
    expect(
      result.perSecond.reduce((sum, second) => sum + Object.values(second.statuses).reduce((a, b) => a + b, 0), 0),
    ).toBe(answered);
    expect(LatencyHistogram.decode(result.latencyHistogram).count).toBe(answered);
    expect(result.latencyMs.p99).toBeGreaterThan(0);
    expect(result.thresholds.map((verdict) => [verdict.threshold, verdict.passed])).toEqual([
      ['rate(429) > 0', true],
      ['rate(5xx) == 0', true],
      ['p99 > 0 ms', true],
    ]);
    expect(result.passed).toBe(true);
    // Ended by its 1.5 s schedule, not by its 1000-request bound (25 s at 40 a second): a bound a busy machine keeps.
    expect(result.durationSeconds).toBeLessThan(10);
    // Only the base URL's path, and fresh headers on every signed request.
    expect(paths.every((path) => path === '/base/ok' || path === '/base/ok?x=1')).toBe(true);
    expect(new Set(signatures.filter(Boolean)).size).toBe(signatures.filter(Boolean).length);
    expectDataOnTheWire(result, answered);
  });

  test('keeps the first 429 with its headers, its body redacted', async () => {
    const result = await runLoad(scenario({ durationSeconds: 1 }));
    expect(result.samples['429']?.headers['retry-after']).toBe('1');
    expect(result.samples['429']?.body).toContain('slow down');
    expect(result.samples['429']?.body).not.toContain('abcd1234secret');
  });

  test('stops at its request bound and judges a failing threshold', async () => {
    const result = await runLoad(
      scenario({ rate: undefined, maxRequests: 25, durationSeconds: 60, thresholds: thresholds('rate(429) == 0') }),
    );
    expect(Object.values(result.statuses).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(25);
    // Ended by its 25 requests, not by its 60 s duration: a bound a busy machine keeps.
    expect(result.durationSeconds).toBeLessThan(30);
    expect(result.passed).toBe(false);
    // autocannon (the closed model) counts the bytes too.
    expectDataOnTheWire(
      result,
      Object.values(result.statuses).reduce((a, b) => a + b, 0),
    );
  });

  test('counts responses that break a response rule, with the first as evidence', async () => {
    const result = await runLoad(
      scenario({
        durationSeconds: 1,
        checkResponse: (response) =>
          response.status === 429 ? { ruleId: 'test.no-429', message: 'a 429' } : undefined,
      }),
    );
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]?.count).toBe(result.statuses['429']);
    expect(result.violations[0]?.sample.status).toBe(429);
    expect(result.passed).toBe(false);
  });

  test('refuses a path that would leave the base URL', async () => {
    await expect(
      runLoad(scenario({ requests: [{ label: 'x', method: 'GET', path: '//elsewhere.example/' }] })),
    ).rejects.toThrow(/relative to the base URL/);
  });
});

describe('results of runs made at once on several machines', () => {
  test('merge into one: statuses and per-second counts added, histograms combined, thresholds judged on the sum', async () => {
    const { mergeLoadResults } = await import('../../load/load-merge.ts');
    const strict = thresholds('count(429) < 20', 'rate(5xx) == 0');
    const [a, b] = await Promise.all([
      runLoad(scenario({ durationSeconds: 1, rate: 20, thresholds: strict })),
      runLoad(scenario({ durationSeconds: 1, rate: 20, thresholds: strict })),
    ]);
    if (!a || !b) throw new Error('two runs expected');
    const merged = mergeLoadResults([a, b]);
    const total = (result: typeof a) => Object.values(result.statuses).reduce((x, y) => x + y, 0);
    expect(total(merged)).toBe(total(a) + total(b));
    expect(merged.statuses['429']).toBe((a.statuses['429'] ?? 0) + (b.statuses['429'] ?? 0));
    expect(LatencyHistogram.decode(merged.latencyHistogram).count).toBe(total(a) + total(b));
    expect(
      merged.perSecond.reduce((sum, second) => sum + Object.values(second.statuses).reduce((x, y) => x + y, 0), 0),
    ).toBe(total(merged));
    expect(merged.runs).toBe(2);
    expect(merged.data).toEqual({
      received: (a.data?.received ?? 0) + (b.data?.received ?? 0),
      sent: (a.data?.sent ?? 0) + (b.data?.sent ?? 0),
    });
    expect(merged.offered.rate).toBe(40);
    // Equal within the histogram's 3 significant digits.
    const max = Math.max(a.latencyMs.max, b.latencyMs.max);
    expect(Math.abs(merged.latencyMs.max - max)).toBeLessThanOrEqual(max / 500);
    // Each run alone stays under 20 429s; the merged figures are what the threshold judges.
    expect(merged.thresholds[0]?.actual).toBe(merged.statuses['429']);
    expect(merged.thresholds[0]?.passed).toBe((merged.statuses['429'] ?? 0) < 20);
  });

  test('refuses results of different scenarios', async () => {
    const { mergeLoadResults } = await import('../../load/load-merge.ts');
    const one = await runLoad(scenario({ durationSeconds: 0.5, rate: 10 }));
    expect(() => mergeLoadResults([one, { ...one, scenario: 'other' }])).toThrow(/different scenarios/);
  });
});

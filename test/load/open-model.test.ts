import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LatencyHistogram } from '../../load/latency-histogram.ts';
import { mergeLoadResults } from '../../load/load-merge.ts';
import { runLoad } from '../../load/run-load.ts';
import { thresholds, type LoadScenario } from '../../load/scenario.ts';
import { startStallingServer, type StallingServer } from './stalling-server.ts';

const scenarioOf = (baseUrl: string, overrides: Partial<LoadScenario>): LoadScenario => ({
  name: 'open-model',
  family: 'test',
  baseUrl,
  requests: [{ label: 'get', method: 'GET', path: '/ok' }],
  connections: 4,
  durationSeconds: 2,
  maxRequests: 100_000,
  thresholds: thresholds('p99 < 500 ms'),
  ...overrides,
});

let steady: StallingServer;
let holding: StallingServer;
beforeAll(async () => {
  steady = await startStallingServer({ periodMs: 1000, freezeMs: 0 });
  // Answers every request 800 ms late: requests in flight pile up.
  holding = await startStallingServer({
    periodMs: 1000,
    freezeMs: 0,
    handle: (_request, response) => void setTimeout(() => response.writeHead(200).end('late'), 800),
  });
});
afterAll(async () => {
  await steady.close();
  await holding.close();
});

describe('a constant-rate run (open model)', () => {
  test('on a target that keeps up, sends exactly what was offered at about the offered rate', async () => {
    const before = steady.received();
    // A latency threshold no busy machine can cross: this test is about what is sent, the tail is the stall tests'.
    const result = await runLoad(
      scenarioOf(steady.baseUrl, { rate: 200, durationSeconds: 3, thresholds: thresholds('p99 > 0 ms') }),
    );
    expect(result.model).toBe('open');
    expect(result.sent).toBe(600);
    expect(steady.received() - before).toBe(600);
    expect(result.statuses['200']).toBe(600);
    expect(result.dropped).toBe(0);
    // The counts above are exact; the rate reads the clock (the last send's time), so it is judged within 10%: a
    // machine whose timers fire 300 ms late still reads within it, a scheduler at a wrong rate (a burst, a
    // request per connection-turn, half speed) does not.
    expect(Math.abs(result.achievedRate / 200 - 1), `achieved ${result.achievedRate} req/s`).toBeLessThanOrEqual(0.1);
    // Both figures, each a full HDR histogram of every response; response time is never below service time.
    expect(LatencyHistogram.decode(result.latencyHistogram).count).toBe(600);
    expect(LatencyHistogram.decode(result.serviceTimeHistogram).count).toBe(600);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(result.serviceTimeMs.p50);
    // Per-second response-time histograms add up to the run's.
    expect(
      result.perSecond.reduce(
        (sum, second) => sum + (second.responseTime ? LatencyHistogram.decode(second.responseTime).count : 0),
        0,
      ),
    ).toBe(600);
    expect(result.passed).toBe(true);
  });

  test('reads headers and body where they are needed: every answer for a response rule, else the first of a status as its sample', async () => {
    const seen: string[] = [];
    const checked = await runLoad(
      scenarioOf(steady.baseUrl, {
        rate: 100,
        durationSeconds: 1,
        checkResponse: (response) => {
          seen.push(`${response.headers['content-type']} ${response.body}`);
          return seen.length === 3 ? { ruleId: 'test.rule', message: 'the third' } : undefined;
        },
      }),
    );
    expect(seen).toHaveLength(100);
    expect(new Set(seen)).toEqual(new Set(['application/json {"ok":true}']));
    expect(checked.violations.map((violation) => [violation.ruleId, violation.count, violation.sample.body])).toEqual([
      ['test.rule', 1, '{"ok":true}'],
    ]);
    const unchecked = await runLoad(scenarioOf(steady.baseUrl, { rate: 100, durationSeconds: 1 }));
    expect(unchecked.samples['200']?.body).toBe('{"ok":true}');
    expect(unchecked.statuses['200']).toBe(100);
  });

  test('grows requests in flight while the target is slow, and counts those beyond the cap as dropped, never sent', async () => {
    const before = holding.received();
    const result = await runLoad(
      scenarioOf(holding.baseUrl, {
        rate: 50,
        durationSeconds: 1,
        maxInFlight: 10,
        thresholds: thresholds('count(dropped) == 0', 'rate(2xx) >= 99%'),
      }),
    );
    // 50 due: ten go out at once (800 ms each), the rest of the first 800 ms find the cap reached.
    expect(result.sent + result.dropped).toBe(50);
    expect(holding.received() - before).toBe(result.sent);
    expect(result.dropped).toBeGreaterThanOrEqual(25);
    expect(result.offered.connections).toBe(10);
    // The achieved rate is over the whole schedule: the drops lower it.
    expect(result.achievedRate).toBeLessThan(50 - result.dropped * 0.9);
    expect(result.statuses['200']).toBe(result.sent);
    expect(result.perSecond.reduce((sum, second) => sum + (second.dropped ?? 0), 0)).toBe(result.dropped);
    expect(result.thresholds.map((verdict) => [verdict.threshold, verdict.actual, verdict.passed])).toEqual([
      ['count(dropped) == 0', result.dropped, false],
      ['rate(2xx) >= 99%', result.sent / 50, false],
    ]);
  });

  test('times a stall from when each request was due: a target that freezes 1 s in 2 fails p99 < 500 ms', async () => {
    const stalling = await startStallingServer({ periodMs: 2000, freezeMs: 1000 });
    try {
      const result = await runLoad(scenarioOf(stalling.baseUrl, { rate: 50, durationSeconds: 2, connections: 2 }));
      expect(result.sent).toBe(100);
      // Half the requests fall in the freeze: they wait up to a second from their due time.
      expect(result.latencyMs.p99).toBeGreaterThan(800);
      expect(result.thresholds[0]?.passed).toBe(false);
    } finally {
      await stalling.close();
    }
  });

  test('an interrupted run ends at once, covering what was answered, marked interrupted and not passed', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const result = await runLoad(scenarioOf(holding.baseUrl, { rate: 20, durationSeconds: 10 }), {
      signal: controller.signal,
    });
    // Ended by the signal, not by its 10 s schedule: fewer than a second's requests were sent (a count), and
    // it returned well before the schedule's end (a bound half the schedule: a busy machine cannot reach it).
    expect(result.sent).toBeLessThan(20);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.interrupted).toBe(true);
    expect(result.passed).toBe(false);
    // Merged with a whole run, the sum is interrupted too: one machine's part was cut short.
    const { interrupted: _cut, ...whole } = result;
    const merged = mergeLoadResults([whole, result]);
    expect(merged.interrupted).toBe(true);
    expect(merged.passed).toBe(false);
  });
});

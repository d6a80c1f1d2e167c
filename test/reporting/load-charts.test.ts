import { expect, test } from 'vitest';
import { LatencyHistogram } from '../../load/latency-histogram.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { loadCharts } from '../../reporting/load-charts.ts';

/** A run of three seconds with response times of 1 to 50 ms, 10 answers a second (and a 429 when asked). */
function resultOf(scenario: string, statuses: Record<string, number>): LoadResult {
  const histogram = new LatencyHistogram();
  for (let ms = 1; ms <= 50; ms++) histogram.record(ms);
  const at = Math.floor(Date.now() / 1000);
  return {
    scenario,
    latencyHistogram: histogram.encode(),
    serviceTimeHistogram: histogram.encode(),
    perSecond: [0, 1, 2].map((second) => ({
      at: at + second,
      statuses,
      errors: 0,
      responseTime: histogram.encode(),
    })),
  } as unknown as LoadResult;
}

test("a chart's legend labels and title are whole, never cut with an ellipsis", async () => {
  const result = resultOf('nightly custody /api/rest/v1/statistics/portfolio/history/export with a long name', {
    '200': 10,
    '429': 1,
  });
  const [percentiles] = await loadCharts(result);
  expect(percentiles?.svg).toContain('response time (from due time)');
  expect(percentiles?.svg).toContain('service time (from send)');
  expect(percentiles?.svg).toContain('with a long name: response time and service time by percentile (ms)');
  expect(percentiles?.svg).not.toContain('…');
});

test('every axis says its unit (ms, req/s, %); ticks read 0 and 120, never 0.000000 or 1.2e+2', async () => {
  const result = resultOf('nightly shortener mappings', { '200': 10 });
  const night = (runAt: string, p99: number) => ({
    runAt,
    p50: 1,
    p95: p99 / 2,
    p99,
    rate: 10,
    errors: 0,
    errorRate: 0,
  });
  const history = {
    previous: night('2026-11-01T02:00', 40),
    tonight: night('2026-11-02T02:00', 120),
    trend: [night('2026-11-01T02:00', 40), night('2026-11-02T02:00', 120)],
  };
  const charts = Object.fromEntries(
    (await loadCharts(result, history as never)).map((chart) => [chart.name, chart.svg]),
  );
  const titles = (svg = '') => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
  expect(titles(charts['latency percentiles'])).toContain('latency (ms)');
  expect(titles(charts['rate over time'])).toContain('rate (req/s)');
  expect(titles(charts['status codes over time'])).toContain('responses (req/s)');
  expect(titles(charts['trend over the last runs'])).toContain('error rate (%)');
  expect(titles(charts['versus previous run'])).toEqual(
    expect.arrayContaining(['p99 (ms): +200%', 'rate (req/s): 0%', 'error rate (%): 0 pp']),
  );
  expect(charts['versus previous run']).not.toMatch(/0\.0000/);
  for (const chart of ['versus previous run', 'trend over the last runs'])
    expect(titles(charts[chart]).filter((text) => /\de[+-]\d/.test(text ?? ''))).toEqual([]);
  expect(titles(charts['versus previous run'])).toContain('120');
});

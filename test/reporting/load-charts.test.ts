import { expect, test } from 'vitest';
import { LatencyHistogram } from '../../load/latency-histogram.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { loadCharts } from '../../reporting/load-charts.ts';

test("a chart's legend labels and title are whole, never cut with an ellipsis", async () => {
  const histogram = new LatencyHistogram();
  for (let ms = 1; ms <= 50; ms++) histogram.record(ms);
  const at = Math.floor(Date.now() / 1000);
  const result = {
    scenario: 'nightly custody /api/rest/v1/statistics/portfolio/history/export with a long name',
    latencyHistogram: histogram.encode(),
    serviceTimeHistogram: histogram.encode(),
    perSecond: [0, 1, 2].map((second) => ({
      at: at + second,
      statuses: { '200': 10, '429': 1 },
      errors: 0,
      responseTime: histogram.encode(),
    })),
  } as unknown as LoadResult;
  const [percentiles] = await loadCharts(result);
  expect(percentiles?.svg).toContain('response time (from due time)');
  expect(percentiles?.svg).toContain('service time (from send)');
  expect(percentiles?.svg).toContain('with a long name: response time and service time by percentile (ms)');
  expect(percentiles?.svg).not.toContain('…');
});

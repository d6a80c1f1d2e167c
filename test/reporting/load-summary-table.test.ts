import { expect, test } from 'vitest';
import { LatencyHistogram } from '../../load/latency-histogram.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { loadSummaryTable } from '../../reporting/load-summary-table.ts';

function result(scenario: string, overrides: Partial<LoadResult> = {}): LoadResult {
  const histogram = new LatencyHistogram();
  for (let ms = 1; ms <= 100; ms++) histogram.record(ms);
  return {
    scenario,
    offered: { rate: 20, connections: 4, durationSeconds: 10, maxRequests: 200 },
    achievedRate: 19.96,
    errors: 0,
    dropped: 0,
    latencyMs: { p50: 50, p90: 90, p99: 99, p999: 100, mean: 50.5, max: 100 },
    latencyHistogram: histogram.encode(),
    thresholds: [
      { threshold: 'p99 < 500 ms', actual: 99, passed: true },
      { threshold: 'rate(2xx) >= 99%', actual: 1, passed: true },
    ],
    violations: [],
    data: { received: 1234, sent: 56_789 },
    ...overrides,
  } as LoadResult;
}

test('one row per operation: rates, avg, p50, p90, p95, p99, max, errors, dropped, data in and out, and the thresholds marked in their units', () => {
  const failing = result('nightly cards GET card', {
    errors: 2,
    dropped: 3,
    thresholds: [
      { threshold: 'p99 < 50 ms', actual: 99, passed: false },
      { threshold: 'rate(2xx) >= 99%', actual: 0.924, passed: false },
    ],
    violations: [
      {
        ruleId: 'cards.bodies.json',
        message: 'not JSON',
        count: 4,
        sample: { label: 'x', status: 200, headers: {}, body: '' },
      },
    ],
  });
  const lines = loadSummaryTable([result('nightly shortener mappings'), failing]).split('\n');
  expect(lines[0]).toMatch(
    /^operation\s+offered\s+achieved\s+avg\s+p50\s+p90\s+p95\s+p99\s+max\s+errors\s+dropped\s+data in\s+data out\s+thresholds$/,
  );
  expect(lines[2]).toMatch(
    /^nightly shortener mappings\s+20\/s\s+20\/s\s+50\.5ms\s+50\.0ms\s+90\.0ms\s+95\.\dms\s+99\.0ms\s+100ms\s+0\s+0\s+1\.23 kB\s+56\.8 kB\s+✓ 2\/2$/,
  );
  expect(lines[3]).toMatch(/\s2\s+3\s+1\.23 kB\s+56\.8 kB\s+✗ p99 < 50 ms: 99 ms; ✗ rate\(2xx\) >= 99%: 92\.4%$/);
  expect(lines[4]).toBe('✗ nightly cards GET card: cards.bodies.json: 4 response(s) broke it: not JSON');
  expect(lines).toHaveLength(5);
});

test('an interrupted run is marked as such in its row, its thresholds not judged', () => {
  const [, , row] = loadSummaryTable([result('nightly cdr list', { interrupted: true })]).split('\n');
  expect(row).toMatch(/interrupted: not judged$/);
});

test('a result written before data was counted shows a dash in its data columns', () => {
  const [, , row] = loadSummaryTable([result('nightly cdr list', { data: undefined })]).split('\n');
  expect(row).toMatch(/\s0\s+0\s+-\s+-\s+✓ 2\/2$/);
});

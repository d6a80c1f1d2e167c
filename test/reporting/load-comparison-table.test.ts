import { describe, expect, test } from 'vitest';
import type { LoadResult } from '../../load/load-result.ts';
import { comparisonOf } from '../../load/nightly-comparison.ts';
import type { OperationFigures, OperationHistory } from '../../load/nightly-history.ts';
import { noPreviousRun } from '../../load/versus-previous-run.ts';
import { loadGitHubAnnotations } from '../../reporting/github-actions.ts';
import { comparisonTable } from '../../reporting/load-comparison-table.ts';
import { renderLoadSummaryMarkdown } from '../../reporting/load-summary-markdown.ts';
import { loadSummaryTable } from '../../reporting/load-summary-table.ts';
import { loadVerdictLine } from '../../reporting/load-summary.ts';
import { LatencyHistogram } from '../../load/latency-histogram.ts';

const figures = (runAt: string, overrides: Partial<OperationFigures>): OperationFigures & { runAt: string } => ({
  runAt,
  scenario: 'nightly shortener mappings',
  family: 'shortener',
  p50: 2,
  p95: 40,
  p99: 50,
  rate: 50,
  errors: 0,
  errorRate: 0,
  passed: true,
  ...overrides,
});
const lastNight = figures('2026-11-01T02:00:00.000Z', {});
const tonight = figures('2026-11-02T02:00:00.000Z', { p50: 2.2, p95: 60, p99: 75, rate: 49.5, errorRate: 0.02 });
const history = (previous?: OperationFigures & { runAt: string }): OperationHistory => ({
  tonight,
  ...(previous ? { previous } : {}),
  trend: [...(previous ? [previous] : []), tonight],
});

const result = (thresholds: LoadResult['thresholds']): LoadResult =>
  ({
    scenario: 'nightly shortener mappings',
    offered: { rate: 50, connections: 4, durationSeconds: 10, maxRequests: 500 },
    achievedRate: 49.5,
    latencyMs: { p50: 2.2, p90: 50, p99: 75, p999: 80, mean: 10, max: 90 },
    latencyHistogram: new LatencyHistogram().encode(),
    errors: 0,
    dropped: 0,
    violations: [],
    thresholds,
    passed: thresholds.every((verdict) => verdict.passed),
  }) as unknown as LoadResult;

describe('what changed since the previous run', () => {
  test('each figure beside the previous run, with its ratio and difference (the error rate in percentage points)', () => {
    expect(comparisonOf(history(lastNight))).toEqual({
      scenario: 'nightly shortener mappings',
      previousRunAt: '2026-11-01T02:00:00.000Z',
      figures: [
        { name: 'rate', unit: 'req/s', tonight: 49.5, previous: 50, ratio: 0.99, delta: -0.5 },
        { name: 'p50', unit: 'ms', tonight: 2.2, previous: 2, ratio: 1.1, delta: 0.2 },
        { name: 'p95', unit: 'ms', tonight: 60, previous: 40, ratio: 1.5, delta: 20 },
        { name: 'p99', unit: 'ms', tonight: 75, previous: 50, ratio: 1.5, delta: 25 },
        { name: 'error rate', unit: '%', tonight: 2, previous: 0, delta: 2 },
      ],
    });
  });

  test('the terminal table: a row per operation, previous → tonight (change); the first night says there was none', () => {
    const { p95: _, ...withoutP95 } = lastNight;
    const lines = comparisonTable([
      comparisonOf(history(lastNight)),
      { ...comparisonOf(history(withoutP95)), scenario: 'nightly cdr list' },
      { ...comparisonOf(history()), scenario: 'nightly cdr status' },
    ]).split('\n');
    expect(lines[0]).toBe('since the previous run (previous → tonight, change):');
    expect(lines[1]).toMatch(/^operation\s+previous run\s+rate\s+p50\s+p95\s+p99\s+error rate$/);
    expect(lines[3]).toBe(
      'nightly shortener mappings  2026-11-01 02:00 UTC  50/s → 49.5/s (-1%)  2.00ms → 2.20ms (+10%)  40.0ms → 60.0ms (+50%)  50.0ms → 75.0ms (+50%)  0% → 2% (+2 pp)',
    );
    // A previous run recorded before p95 was kept: its p95 is '-', the others compared.
    expect(lines[4]).toMatch(/^nightly cdr list\s+2026-11-01 02:00 UTC .* - → 60\.0ms .* 50\.0ms → 75\.0ms \(\+50%\)/);
    expect(lines[5]).toMatch(/^nightly cdr status\s+none \(first run\)\s+49\.5\/s\s+2\.20ms\s+60\.0ms\s+75\.0ms\s+2%$/);
  });

  test('summary.md (so the job summary): a section of the same cells; a threshold against the previous run with both figures, or observed on the first night', () => {
    const crossed = result([
      { threshold: 'p99 < 500 ms', actual: 75, passed: true },
      {
        threshold: 'p99 < 1.2x previous',
        actual: 75,
        passed: false,
        previousRun: { runAt: lastNight.runAt, figure: 50, bound: 60 },
      },
    ]);
    const markdown = renderLoadSummaryMarkdown({
      command: 'load nightly',
      results: [crossed],
      interrupted: false,
      comparisons: [comparisonOf(history(lastNight))],
    });
    expect(markdown).toContain(
      [
        '### Since the previous run',
        '',
        '| operation | previous run | rate | p50 | p95 | p99 | error rate |',
        '|---|---|---:|---:|---:|---:|---:|',
        '| nightly shortener mappings | 2026-11-01 02:00 UTC | 50/s → 49.5/s (-1%) | 2.00ms → 2.20ms (+10%) | 40.0ms → 60.0ms (+50%) | 50.0ms → 75.0ms (+50%) | 0% → 2% (+2 pp) |',
      ].join('\n'),
    );
    expect(markdown).toContain('✗ `p99 < 1.2x previous` (75 ms, previous 50 ms: 1.5x, bound 60 ms)');
    expect(loadSummaryTable([crossed])).toContain('✗ p99 < 1.2x previous: 75 ms, previous 50 ms: 1.5x, bound 60 ms');
    expect(loadGitHubAnnotations([crossed])).toEqual([
      '::error title=nightly shortener mappings%3A p99 < 1.2x previous::threshold failed: actual 75 ms, previous 50 ms: 1.5x, bound 60 ms',
    ]);

    const firstNight = result([
      { threshold: 'p99 < 500 ms', actual: 75, passed: true },
      { threshold: 'p99 < 1.2x previous', actual: 75, passed: true, previousRun: { notCompared: noPreviousRun } },
    ]);
    const first = renderLoadSummaryMarkdown({ command: 'load nightly', results: [firstNight], interrupted: false });
    expect(first).toContain(`○ \`p99 < 1.2x previous\` (75 ms; ${noPreviousRun})`);
    expect(loadSummaryTable([firstNight])).toMatch(/✓ 1\/1 · 1 observed \(no previous run\)$/m);
    expect(loadVerdictLine([firstNight])).toBe(
      'VERDICT: PASS: 1 threshold(s) held, 1 observed (no previous run) over 1 operation(s), no response broke a rule',
    );
  });
});

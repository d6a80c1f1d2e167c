import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { runLoadMerge } from '../../cli/load-merge-command.ts';
import { publishNightly } from '../../cli/load-publish.ts';
import { judged, type LoadResult } from '../../load/load-result.ts';
import { noPreviousRun } from '../../load/versus-previous-run.ts';
import { comparisonOf } from '../../load/nightly-comparison.ts';
import { historyRunOf, operationHistory, readHistory, recordHistory, trendRuns } from '../../load/nightly-history.ts';
import { runLoad } from '../../load/run-load.ts';
import { loadCharts } from '../../reporting/load-charts.ts';
import { thresholds } from '../../load/scenario.ts';
import { startStallingServer, type StallingServer } from './stalling-server.ts';
import { labelOf, readAllureResults } from '../../reporting/allure-result-files.ts';
import { allureRunSpan, ownDuration } from '../../reporting/allure-report-duration.ts';
import { tempFolder } from '../support/temp-folders.ts';

let server: StallingServer;
let measured: LoadResult;
beforeAll(async () => {
  server = await startStallingServer({ periodMs: 1000, freezeMs: 0 });
  measured = await runLoad({
    name: 'nightly test op',
    family: 'test',
    baseUrl: server.baseUrl,
    requests: [{ label: 'op', method: 'GET', path: '/ok' }],
    rate: 40,
    connections: 1,
    durationSeconds: 1,
    maxRequests: 1000,
    thresholds: thresholds('p99 < 1 s'),
  });
});
afterAll(() => server.close());

/** Tonight's result as another night would have measured it: its start, p50/p99 and a 5xx count moved. */
const night = (day: number, p99: number, failures = 0): LoadResult => ({
  ...measured,
  startedAt: new Date(Date.UTC(2026, 10, day, 2)).toISOString(),
  latencyMs: { ...measured.latencyMs, p50: p99 / 4, p99 },
  statuses: { ...measured.statuses, ...(failures ? { '503': failures } : {}) },
});

const allureTests = (reportsDir: string) =>
  readdirSync(join(reportsDir, 'allure-results'))
    .filter((name) => name.endsWith('-result.json'))
    .map(
      (name) =>
        JSON.parse(readFileSync(join(reportsDir, 'allure-results', name), 'utf8')) as {
          start: number;
          attachments: { name: string; source: string }[];
          descriptionHtml: string;
          statusDetails?: { message?: string };
          testCaseId: string;
          fullName: string;
          parameters: { name: string; value: string; excluded?: boolean }[];
        },
    );

describe('the history of nightly load', () => {
  test('keeps each run, compares tonight with the previous run and charts the trend, in the Allure test of each operation', async () => {
    const reportsDir = tempFolder('nightly-history-');
    await publishNightly([night(1, 40)], { command: 'load nightly', reportsDir, record: true });
    await publishNightly([night(2, 50, 2)], { command: 'load nightly', reportsDir, record: true });
    const published = await publishNightly([night(3, 80)], { command: 'load nightly', reportsDir, record: true });
    expect(readHistory(published.historyDir).map((run) => run.runAt)).toEqual([
      '2026-11-01T02:00:00.000Z',
      '2026-11-02T02:00:00.000Z',
      '2026-11-03T02:00:00.000Z',
    ]);

    const tests = allureTests(reportsDir).sort((a, b) => a.start - b.start);
    expect(tests).toHaveLength(3);
    const [first, , third] = tests;
    // The first night has nothing to compare with: no versus chart, a trend of one.
    expect(first?.attachments.map((attachment) => attachment.name)).not.toContain('versus previous run');
    expect(third?.attachments.map((attachment) => attachment.name)).toEqual([
      'latency percentiles',
      'latency over time',
      'rate over time',
      'status codes over time',
      'versus previous run',
      'trend over the last runs',
      'load result',
    ]);
    // The charts open with the page (its description), not only behind a click on each attachment.
    expect(third?.descriptionHtml.match(/<img alt="[^"]+" src="data:image\/svg\+xml;base64,/g)).toHaveLength(6);
    const parameter = (name: string) => third?.parameters.find((candidate) => candidate.name === name)?.value;
    expect(parameter('previous run')).toBe('2026-11-02 02:00 UTC');
    expect(parameter('since previous run: p99')).toBe('50.0ms → 80.0ms (+60%)');
    expect(parameter('since previous run: p50')).toBe('12.5ms → 20.0ms (+60%)');
    expect(parameter('since previous run: p95')).toMatch(/^\S+ms → \S+ms \(0%\)$/);
    expect(parameter('since previous run: error rate')).toMatch(/^[\d.]+% → 0% \(-[\d.]+ pp\)$/);
    expect(parameter('since previous run: rate')).toMatch(/^[\d.]+\/s → [\d.]+\/s \(0%\)$/);
    // The figures are shown but left out of Allure 3's history id (which hashes the parameters): one test across nights.
    expect(tests.map((test) => test.parameters.filter((p) => !p.excluded).map((p) => p.name))).toEqual([
      ['target'],
      ['target'],
      ['target'],
    ]);
    expect(new Set(tests.map((test) => `${test.testCaseId} ${test.fullName}`)).size).toBe(1);
    // The page opens with the changes since the previous run, above the charts.
    expect(third?.descriptionHtml).toMatch(
      /^<p><b>Since the previous run<\/b> \(2026-11-02 02:00 UTC\)[\s\S]*<td[^>]*>p99<\/td><td[^>]*>50\.0ms<\/td><td[^>]*>80\.0ms<\/td><td[^>]*>\+60%<\/td>/,
    );
    expect(first?.descriptionHtml).toMatch(/^<p><b>Previous run<\/b>: none \(first run\)/);
    const svg = (name: string) =>
      readFileSync(
        join(
          reportsDir,
          'allure-results',
          third?.attachments.find((attachment) => attachment.name === name)?.source ?? '',
        ),
        'utf8',
      );
    expect(svg('versus previous run')).toMatch(/^<svg[\s\S]*p99 \(ms\): \+60%[\s\S]*<\/svg>$/);
    expect(svg('versus previous run')).toContain('error rate (%): -');
    expect(svg('trend over the last runs')).toContain('error rate (%)');
    expect(svg('latency over time')).toContain('p99');
    // Three nights two days apart in one results folder: the report's duration is the three runs' own, not two days;
    // thresholds pinned by the profile make each a test of severity normal.
    const results = readAllureResults(join(reportsDir, 'allure-results')).map(({ result }) => result);
    expect(ownDuration(results)).toBe(3 * Math.round(measured.durationSeconds * 1000));
    expect((allureRunSpan(results)?.duration ?? 0) / 3_600_000).toBeGreaterThan(47);
    expect(results.map((result) => labelOf(result, 'severity'))).toEqual(['normal', 'normal', 'normal']);
  });

  test('a threshold against the previous run is observed on the first night, and fails the second when crossed, with both figures', async () => {
    const reportsDir = tempFolder('nightly-versus-');
    const pinned = (day: number, p99: number) =>
      judged(night(day, p99), ['p99 < 1 s', 'p99 < 1.2x previous', 'rate(non-2xx) <= previous + 1%']);
    const first = await publishNightly([pinned(1, 40)], { command: 'load nightly', reportsDir, record: true });
    expect(first.results[0]?.passed).toBe(true);
    expect(first.results[0]?.thresholds[1]).toEqual({
      threshold: 'p99 < 1.2x previous',
      actual: 40,
      passed: true,
      previousRun: { notCompared: noPreviousRun },
    });
    expect(first.comparisons[0]?.previousRunAt).toBeUndefined();
    const second = await publishNightly([pinned(2, 50)], { command: 'load nightly', reportsDir, record: true });
    const [result] = second.results;
    expect(result?.passed).toBe(false);
    expect(result?.thresholds.slice(1)).toEqual([
      {
        threshold: 'p99 < 1.2x previous',
        actual: 50,
        passed: false,
        previousRun: { runAt: '2026-11-01T02:00:00.000Z', figure: 40, bound: 48 },
      },
      {
        threshold: 'rate(non-2xx) <= previous + 1%',
        actual: 0,
        passed: true,
        previousRun: { runAt: '2026-11-01T02:00:00.000Z', figure: 0, bound: 0.01 },
      },
    ]);
    // The history keeps tonight's final verdict; the Allure test fails on the threshold, both figures named.
    expect(readHistory(second.historyDir).map((run) => run.operations[0]?.passed)).toEqual([true, false]);
    const failed = allureTests(reportsDir).find((test) => test.start === Date.parse(result?.startedAt ?? ''));
    expect(failed?.statusDetails?.message).toBe(
      'threshold p99 < 1.2x previous failed: 50 ms, previous 40 ms: 1.25x, bound 48 ms',
    );
  });

  test('a trend without a single error reads 0 % on a 0 to 1 % axis, not a collapsed axis of 0.000000', async () => {
    const runs = [1, 2, 3].map((day) => historyRunOf([night(day, 40 + day)]));
    const tonight = runs[2] as (typeof runs)[number];
    const history = operationHistory(runs, tonight, 'nightly test op');
    const trend = (await loadCharts(night(3, 43), history)).find((chart) => chart.name === 'trend over the last runs');
    expect(history?.trend.map((run) => run.errorRate)).toEqual([0, 0, 0]);
    expect(trend?.svg).not.toMatch(/0\.0000/);
    const tickLabels = [...(trend?.svg ?? '').matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(tickLabels).toEqual(expect.arrayContaining(['0', '1']));
  });

  test('the trend shows the last 30 runs of the same target, tonight last; an interrupted run is not recorded; foreign files are left out', async () => {
    const dir = tempFolder('nightly-trend-');
    for (let day = 1; day <= 35; day++) recordHistory(dir, historyRunOf([night(day, day)]));
    recordHistory(dir, { ...historyRunOf([night(36, 999)]), target: 'another target' });
    writeFileSync(join(dir, 'notes.json'), '{"not":"a run"}');
    const runs = readHistory(dir);
    expect(runs).toHaveLength(36);
    const tonight = historyRunOf([night(37, 10)]);
    const history = operationHistory(runs, tonight, 'nightly test op');
    expect(history?.trend).toHaveLength(trendRuns);
    expect(history?.trend.at(-1)?.p99).toBe(10);
    expect(history?.previous?.p99).toBe(35);
    expect(history && comparisonOf(history).figures.find((figure) => figure.name === 'p99')).toEqual({
      name: 'p99',
      unit: 'ms',
      tonight: 10,
      previous: 35,
      ratio: 0.286,
      delta: -25,
    });

    const reportsDir = tempFolder('nightly-interrupted-');
    const published = await publishNightly([night(1, 40)], { command: 'load nightly', reportsDir, record: false });
    expect(published.recorded).toBeUndefined();
    expect(readHistory(published.historyDir)).toEqual([]);
  });

  test('results merged from several machines are published the same way: history and charts', async () => {
    const dir = tempFolder('nightly-merge-');
    const files = [0, 1].map((index) => {
      const path = join(dir, `shard-${index}.json`);
      writeFileSync(path, JSON.stringify(measured));
      return path;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const exit = await runLoadMerge(files, {
      output: join(dir, 'merged.json'),
      publish: { reportsDir: join(dir, 'reports') },
    });
    vi.restoreAllMocks();
    expect(exit).toBe(0);
    const [merged] = readHistory(join(dir, 'reports', 'load', 'history'));
    expect(merged?.machines).toBe(2);
    expect(merged?.operations[0]?.rate).toBeCloseTo(measured.achievedRate * 2, 1);
    const [test] = allureTests(join(dir, 'reports'));
    expect(test?.attachments.map((attachment) => attachment.name)).toContain('latency over time');
    expect(test?.attachments.map((attachment) => attachment.name)).toContain('trend over the last runs');
  });
});

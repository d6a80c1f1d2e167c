import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoadResult } from '../../load/load-result.ts';
import { durationBucketPrecision } from '../../load/outputs/prometheus-series.ts';
import type { RunningReference } from '../../reference/server.ts';
import { type PrometheusServer, prometheusMissing, startPrometheus } from '../support/prometheus-server.ts';
import { freeLoopbackPort } from '../support/free-port.ts';
import { harnessInProcess as harness } from '../support/in-process-cli.ts';
import { shortenerReference } from '../support/shortener-reference.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * `--out` on harness load nightly, in this process (cli/main.ts) against the reference's shortener: the samples sent
 * to json, csv and a real Prometheus add up to the run's own figures, two segments of one run in one query.
 */

const jsonLines = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; metric: string; data: { tags?: Record<string, string> } });
const requestsOf = (result: LoadResult) =>
  Object.values(result.statuses).reduce((total, count) => total + count, 0) + result.errors;

let reference: RunningReference;
let targets: string;
let folder: string;

beforeAll(async () => {
  folder = tempFolder('load-outputs-');
  ({ reference, targets } = await shortenerReference(folder, {
    rate: 10,
    durationSeconds: 2,
    thresholds: ['p99 < 2 s', 'rate(2xx) >= 99%'],
  }));
});
afterAll(() => reference.close());

describe.sequential('harness load nightly --out', () => {
  test('a bad --out is a usage error naming --out and the accepted forms, before any traffic', async () => {
    const bad = await harness(['load', 'nightly', '--targets', targets, '--out', 'influxdb=http://127.0.0.1:8086']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--out "influxdb=http://127.0.0.1:8086": unknown output "influxdb"');
    expect(bad.output).toContain('--out json=FILE, --out csv=FILE or --out prometheus=URL');
  });

  test("a sink that cannot be reached is reported with the samples lost, and the verdict is the run's own", async () => {
    const reports = join(folder, 'unreachable');
    const sink = `http://127.0.0.1:${await freeLoopbackPort()}/api/v1/write`;
    const run = await harness([
      'load',
      'nightly',
      '--targets',
      targets,
      '--rate',
      '5',
      '--duration',
      '1s',
      '--reports',
      reports,
      '--out',
      `prometheus=${sink}`,
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(
      new RegExp(
        `output prometheus=${sink}: 0 sample\\(s\\) delivered, \\d+ LOST \\(cannot reach ${sink}: ECONNREFUSED\\)`,
      ),
    );
    expect(run.output.trim().split('\n').at(-1)).toMatch(/^VERDICT: PASS/);
    const summary = readFileSync(join(reports, 'load', 'summary.md'), 'utf8');
    expect(summary).toContain('### Outputs');
    expect(summary).toMatch(/LOST \(cannot reach/);
  });

  const missing = prometheusMissing();
  if (missing) console.log(`skipped: ${missing}`);
  describe.skipIf(missing !== undefined)('into a real Prometheus', () => {
    let prometheus: PrometheusServer;
    beforeAll(async () => {
      prometheus = await startPrometheus();
    });
    afterAll(async () => {
      await prometheus?.stop();
    });

    test('two segments of one run, each with --out json, csv and prometheus: the samples add up to the merged summary, in one query', async () => {
      const reports = join(folder, 'segments');
      const runId = `outputs-${Date.now()}`;
      for (const segment of ['1/2', '2/2']) {
        const name = segment.replace('/', '-of-');
        const run = await harness([
          'load',
          'nightly',
          '--targets',
          targets,
          '--reports',
          reports,
          '--segment',
          segment,
          '--run-id',
          runId,
          '--out',
          `json=${join(folder, `${name}.json`)}`,
          '--out',
          `csv=${join(folder, `${name}.csv`)}`,
          '--out',
          `prometheus=${prometheus.writeUrl}`,
        ]);
        expect(run.code, run.output).toBe(0);
        expect(run.output).not.toContain('LOST');
      }
      const merged = await harness(['load', 'merge', join(reports, 'load', 'nightly', runId), '--reports', reports]);
      expect(merged.code, merged.output).toBe(0);
      const summary = JSON.parse(
        readFileSync(join(reports, 'load', 'merged', runId, 'nightly-shortener-mappings.json'), 'utf8'),
      ) as LoadResult;
      const requests = requestsOf(summary);
      expect(requests).toBe(20);

      const value = async (promql: string) => (await prometheus.query(promql)).map((element) => element.value);
      const selector = `{run_id="${runId}"}`;
      expect(await value(`sum by (run_id) (harness_http_reqs_total${selector})`)).toEqual([requests]);
      expect(await value(`count by (segment) (harness_http_reqs_total${selector})`)).toHaveLength(2);
      expect(await value(`sum by (run_id) (harness_http_req_failed_total${selector})`)).toEqual([
        requests - (summary.statuses['200'] ?? 0),
      ]);
      const [p99] = await value(
        `histogram_quantile(0.99, sum by (le) (harness_http_req_duration_seconds_bucket${selector}))`,
      );
      const expectedP99 = summary.latencyMs.p99 / 1000;
      expect(Math.abs((p99 as number) - expectedP99) / expectedP99).toBeLessThanOrEqual(durationBucketPrecision);

      const json = ['1-of-2', '2-of-2'].flatMap((name) => jsonLines(join(folder, `${name}.json`)));
      const points = json.filter((line) => line.type === 'Point' && line.metric === 'http_reqs');
      expect(points).toHaveLength(requests);
      expect(new Set(points.map((line) => `${line.data.tags?.run_id} ${line.data.tags?.segment}`))).toEqual(
        new Set([`${runId} 1/2`, `${runId} 2/2`]),
      );
      const csvRows = ['1-of-2', '2-of-2'].flatMap((name) =>
        readFileSync(join(folder, `${name}.csv`), 'utf8')
          .trim()
          .split('\n')
          .slice(1),
      );
      expect(csvRows.filter((row) => row.startsWith('http_reqs,'))).toHaveLength(requests);
      expect(csvRows.filter((row) => row.startsWith('http_req_duration,'))).toHaveLength(
        Object.values(summary.statuses).reduce((total, count) => total + count, 0),
      );
    });
  });
});

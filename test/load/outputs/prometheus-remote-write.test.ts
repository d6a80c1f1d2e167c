import { createServer, type IncomingMessage } from 'node:http';
import snappy from 'snappyjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../../load/latency-histogram.ts';
import { PrometheusRemoteWrite, requestsOf } from '../../../load/outputs/prometheus-remote-write.ts';
import { durationBucketPrecision, operationSeries } from '../../../load/outputs/prometheus-series.ts';
import { readWriteRequest } from '../../../load/outputs/remote-write-request.ts';
import { type PrometheusServer, prometheusMissing, startPrometheus } from '../../support/prometheus-server.ts';
import { labelled, recordedResult, twoSeconds } from './recorded-result.ts';

/** A local sink that records each request and answers with `status`. */
async function recordingSink(status: number) {
  const requests: { headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end(status === 204 ? undefined : 'out of order sample\nmore');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/v1/write`,
    requests,
    close: () => new Promise((closed) => server.close(closed)),
  };
}

describe('prometheus remote write', () => {
  it('posts a snappy-compressed protobuf WriteRequest with the remote-write headers, in requests of whole series', async () => {
    const sink = await recordingSink(204);
    const one = labelled(recordedResult(twoSeconds()));
    const output = new PrometheusRemoteWrite(`prometheus=${sink.url}`, sink.url, { samplesPerRequest: 100 });
    await output.add(one);
    const delivery = await output.stop();
    await sink.close();
    const expected = operationSeries(one);
    const samples = expected.reduce((total, { samples: own }) => total + own.length, 0);
    expect(delivery).toEqual({ output: `prometheus=${sink.url}`, delivered: samples, lost: 0, problems: [] });
    expect(sink.requests.length).toBe(requestsOf(expected, 100).length);
    expect(sink.requests[0]?.headers).toMatchObject({
      'content-encoding': 'snappy',
      'content-type': 'application/x-protobuf',
      'x-prometheus-remote-write-version': '0.1.0',
    });
    const decoded = sink.requests.flatMap(({ body }) => readWriteRequest(snappy.uncompress(new Uint8Array(body))));
    expect(decoded.map(({ labels }) => labels)).toEqual(expected.map(({ labels }) => labels));
    expect(decoded.map(({ samples: own }) => own.map(({ value, timestamp }) => ({ timestamp, value })))).toEqual(
      expected.map(({ samples: own }) => own),
    );
  });

  it('counts a refused request as lost with its status, and goes on sending the next', async () => {
    const sink = await recordingSink(400);
    const output = new PrometheusRemoteWrite(`prometheus=${sink.url}`, sink.url, { samplesPerRequest: 100 });
    await output.add(labelled(recordedResult(twoSeconds())));
    const delivery = await output.stop();
    await sink.close();
    expect(sink.requests.length).toBeGreaterThan(1);
    expect(delivery.delivered).toBe(0);
    expect(delivery.lost).toBe(
      operationSeries(labelled(recordedResult(twoSeconds()))).reduce((n, s) => n + s.samples.length, 0),
    );
    expect(delivery.problems).toEqual([`${sink.url} refused a request: HTTP 400: out of order sample`]);
  });

  it('gives up a sink that cannot be reached, every sample counted as lost', async () => {
    const sink = await recordingSink(204);
    await sink.close(); // nothing listens on its port now
    const output = new PrometheusRemoteWrite(`prometheus=${sink.url}`, sink.url, { samplesPerRequest: 100 });
    const one = labelled(recordedResult(twoSeconds()));
    await output.add(one);
    await output.add(one);
    const delivery = await output.stop();
    const samples = operationSeries(one).reduce((total, { samples: own }) => total + own.length, 0);
    expect(delivery).toMatchObject({ delivered: 0, lost: 2 * samples });
    expect(delivery.problems).toEqual([`cannot reach ${sink.url}: ECONNREFUSED`]);
  });
});

const missing = prometheusMissing();
if (missing) console.log(`skipped: ${missing}`);

describe.skipIf(missing !== undefined)('prometheus remote write into a real Prometheus', () => {
  let prometheus: PrometheusServer;
  beforeAll(async () => {
    prometheus = await startPrometheus();
  });
  afterAll(async () => {
    await prometheus?.stop();
  });

  it('two segments of one run add up in one query: counts exactly, p99 within a bucket', async () => {
    const start = Math.floor(Date.now() / 1000) - 20;
    const times = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + ((i * 7) % 300));
    const first = recordedResult([
      { at: start, answers: { '200': times(1, 90), '429': [2] }, errors: 1 },
      { at: start + 1, answers: { '200': times(5, 80) }, dropped: 3 },
    ]);
    const second = recordedResult([
      { at: start, answers: { '200': times(50, 120) } },
      { at: start + 1, answers: { '200': [900, 950] } },
    ]);
    const output = new PrometheusRemoteWrite('prometheus', prometheus.writeUrl);
    await output.add(labelled(first, 'run-two', '1/2'));
    await output.add(labelled(second, 'run-two', '2/2'));
    expect((await output.stop()).lost).toBe(0);
    const value = async (promql: string) => (await prometheus.query(promql))[0]?.value;
    expect(await value('sum by (run_id) (harness_http_reqs_total{run_id="run-two"})')).toBe(first.sent + second.sent);
    expect(await value('sum by (run_id) (harness_http_req_failed_total{run_id="run-two"})')).toBe(2);
    expect(await value('sum by (run_id) (harness_dropped_iterations_total{run_id="run-two"})')).toBe(3);
    const p99 = await value(
      'histogram_quantile(0.99, sum by (le) (harness_http_req_duration_seconds_bucket{run_id="run-two"}))',
    );
    const pooled = LatencyHistogram.merged([first.latencyHistogram, second.latencyHistogram]).at(99) / 1000;
    expect(Math.abs((p99 as number) - pooled) / pooled).toBeLessThanOrEqual(durationBucketPrecision);
  });
});

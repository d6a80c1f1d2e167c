import { describe, expect, it } from 'vitest';
import { durationBucketsSeconds, operationSeries } from '../../../load/outputs/prometheus-series.ts';
import { labelled, recordedResult, twoSeconds } from './recorded-result.ts';

const start = 1_777_000_000;
const series = operationSeries(labelled(recordedResult(twoSeconds(start))));
const named = (name: string, extra: Record<string, string> = {}) =>
  series.find(({ labels }) => {
    const map = Object.fromEntries(labels);
    return map.__name__ === name && Object.entries(extra).every(([key, value]) => map[key] === value);
  });

describe('prometheus series of an operation', () => {
  it('counts requests by status, failures and drops cumulatively, from a zero a second before the first', () => {
    expect(named('harness_http_reqs_total', { status: '200' })?.samples).toEqual([
      { timestamp: (start - 1) * 1000, value: 0 },
      { timestamp: (start + 1) * 1000, value: 3 },
      { timestamp: (start + 2) * 1000, value: 5 },
    ]);
    expect(named('harness_http_reqs_total', { status: '0' })?.samples.at(-1)?.value).toBe(1);
    expect(named('harness_http_req_failed_total')?.samples.at(-1)?.value).toBe(2);
    expect(named('harness_dropped_iterations_total')?.samples.map(({ value }) => value)).toEqual([0, 2, 2]);
  });

  it('stamps no sample later than now: the last second of a run that just ended ends now', () => {
    const now = (start + 1) * 1000 + 250;
    const samples = operationSeries(labelled(recordedResult(twoSeconds(start))), now)[0]?.samples;
    expect(samples?.map(({ timestamp }) => timestamp)).toEqual([(start - 1) * 1000, (start + 1) * 1000, now]);
  });

  it('labels every series with the run, sorted by name as remote write asks', () => {
    for (const { labels } of series) {
      const names = labels.map(([name]) => name);
      expect(names).toEqual([...names].sort());
      expect(Object.fromEntries(labels)).toMatchObject({
        run_id: 'run-1',
        segment: '1/1',
        operation: 'nightly shortener mappings',
      });
    }
  });

  it('puts every response in its bucket, cumulative, the +Inf bucket and the count equal', () => {
    const bucket = (le: string) => named('harness_http_req_duration_seconds_bucket', { le })?.samples.at(-1)?.value;
    const le = (seconds: number) => String(durationBucketsSeconds.find((bound) => bound >= seconds));
    expect(bucket(le(0.0015))).toBe(1);
    expect(bucket(le(0.0035))).toBe(3);
    expect(bucket(le(0.02))).toBe(5);
    expect(bucket('+Inf')).toBe(6);
    expect(named('harness_http_req_duration_seconds_count')?.samples.at(-1)?.value).toBe(6);
    expect(named('harness_http_req_duration_seconds_sum')?.samples.at(-1)?.value).toBeCloseTo(0.0775, 3);
    // A bucket that never changes has its zero and its last value, at the end.
    expect(
      named('harness_http_req_duration_seconds_bucket', { le: String(durationBucketsSeconds[0]) })?.samples,
    ).toEqual([
      { timestamp: (start - 1) * 1000, value: 0 },
      { timestamp: (start + 2) * 1000, value: 0 },
    ]);
  });

  it('has no series for a run that sent nothing (a segment whose share is 0)', () => {
    expect(operationSeries(labelled(recordedResult([])))).toEqual([]);
  });
});

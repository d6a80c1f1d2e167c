import { LatencyHistogram } from '../latency-histogram.ts';
import type { LabelledResult, RunLabels } from './output.ts';

/*
 * An operation's result as k6's metric samples, for the file sinks (json, csv): one sample a request and metric,
 * as k6 writes them, from the result's per-second counts and response-time histograms. A sample's time is its
 * second; a response time is read off that second's HDR histogram (3 significant digits), so the samples' count is
 * the run's exactly and their percentiles are the summary's within that precision.
 */

/** The metrics written, with k6's names, types and what they contain. */
export const k6Metrics = {
  /** One a request sent: tagged with its status (`0`: no response, as k6 tags a failed request). */
  http_reqs: { type: 'counter', contains: 'default' },
  /** One a request sent: 1 when it did not end in a 2xx (another status, or no response), else 0. */
  http_req_failed: { type: 'rate', contains: 'default' },
  /** One a response: its response time in ms, from when the request was due. */
  http_req_duration: { type: 'trend', contains: 'time' },
  /** One a request due that was not sent (the cap of requests in flight reached). */
  dropped_iterations: { type: 'counter', contains: 'default' },
} as const;

export type K6Metric = keyof typeof k6Metrics;

export interface K6Sample {
  metric: K6Metric;
  /** Epoch ms: the start of the second the sample belongs to. */
  time: number;
  value: number;
  tags: RunLabels & { status?: string };
}

/** Statuses k6 counts as expected (our thresholds' rate(2xx)). */
const expected = (status: string) => status.startsWith('2');

/**
 * The samples of one operation, a batch a second in time order (a sink writes one batch at a time, so a long run
 * is never held as samples all at once).
 */
export function* k6SampleBatches({ result, labels }: LabelledResult): Generator<K6Sample[]> {
  for (const second of result.perSecond) {
    const time = second.at * 1000;
    const batch: K6Sample[] = [];
    const request = (status: string) => {
      const tags = { ...labels, status };
      batch.push({ metric: 'http_reqs', time, value: 1, tags });
      batch.push({ metric: 'http_req_failed', time, value: expected(status) ? 0 : 1, tags });
    };
    for (const [status, count] of Object.entries(second.statuses)) for (let i = 0; i < count; i++) request(status);
    for (let i = 0; i < second.errors; i++) request('0');
    if (second.responseTime) {
      for (const { valueMs, count } of LatencyHistogram.decode(second.responseTime).recordedValues())
        for (let i = 0; i < count; i++) batch.push({ metric: 'http_req_duration', time, value: valueMs, tags: labels });
    }
    for (let i = 0; i < (second.dropped ?? 0); i++)
      batch.push({ metric: 'dropped_iterations', time, value: 1, tags: labels });
    yield batch;
  }
}

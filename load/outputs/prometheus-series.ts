import { LatencyHistogram } from '../latency-histogram.ts';
import type { LabelledResult } from './output.ts';

/*
 * An operation's result as Prometheus time series: counters and a response-time histogram, cumulative, one sample a
 * second where a series changed (and a zero at the start, the last value at the end), labelled with the run's labels.
 * Counters of the segments of one run add up in a query (`sum by (run_id) (harness_http_reqs_total{run_id="…"})`),
 * and so do the histogram's buckets (`histogram_quantile(0.99, sum by (le) (…_bucket{run_id="…"}))`).
 */

export interface PrometheusSample {
  /** Epoch ms. */
  timestamp: number;
  value: number;
}

export interface PrometheusSeries {
  /** `__name__` and the rest, sorted by name (remote write asks it). */
  labels: [name: string, value: string][];
  samples: PrometheusSample[];
}

export const prometheusMetrics = {
  /** Requests sent, by status (`0`: no response, as in the json and csv outputs). */
  requests: 'harness_http_reqs_total',
  /** Requests that did not end in a 2xx: another status, or no response. */
  failed: 'harness_http_req_failed_total',
  /** Requests due that were not sent (the cap of requests in flight reached). */
  dropped: 'harness_dropped_iterations_total',
  /** Response time (from the due time) in seconds: `_bucket{le}`, `_sum`, `_count`. */
  duration: 'harness_http_req_duration_seconds',
} as const;

/** Buckets a sixteenth of an octave wide (about 4.4%), 62.5 us to 65.5 s: histogram_quantile reads within one. */
const bucketsPerOctave = 16;
const octaves = 20;
export const durationBucketsSeconds: readonly number[] = Array.from(
  { length: bucketsPerOctave * octaves + 1 },
  (_, k) => Number((0.0000625 * 2 ** (k / bucketsPerOctave)).toPrecision(6)),
);
/** How far apart two bucket bounds are, relatively: what a quantile read off these buckets can be off by. */
export const durationBucketPrecision = 2 ** (1 / bucketsPerOctave) - 1;

/** The first bucket whose bound is at least `seconds` (the +Inf bucket, past the last bound). */
function bucketOf(seconds: number): number {
  let low = 0;
  let high = durationBucketsSeconds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((durationBucketsSeconds[middle] as number) >= seconds) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A series that takes a sample only where its value changed, and its last value once more at the end. */
class CumulativeSeries {
  value = 0;
  readonly samples: PrometheusSample[] = [];

  constructor(readonly labels: [string, string][]) {}

  at(timestamp: number): void {
    const last = this.samples.at(-1);
    if (!last || (last.value !== this.value && last.timestamp < timestamp))
      this.samples.push({ timestamp, value: this.value });
  }

  end(timestamp: number): void {
    if ((this.samples.at(-1)?.timestamp ?? -1) < timestamp) this.samples.push({ timestamp, value: this.value });
  }
}

/**
 * The series of one operation's run; none for a run that sent nothing. A second's values are stamped at its end, the
 * last at most `now` (a sample in the future is not yet what an instant query reads).
 */
export function operationSeries({ result, labels }: LabelledResult, now = Date.now()): PrometheusSeries[] {
  const seconds = result.perSecond;
  const first = seconds[0];
  if (!first) return [];
  const named = (name: string, extra: Record<string, string> = {}) =>
    new CumulativeSeries(
      Object.entries({ __name__: name, ...labels, ...extra }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  const statuses = new Set(
    seconds.flatMap((second) => [...Object.keys(second.statuses), ...(second.errors ? ['0'] : [])]),
  );
  const requests = new Map([...statuses].map((status) => [status, named(prometheusMetrics.requests, { status })]));
  const failed = named(prometheusMetrics.failed);
  const dropped = named(prometheusMetrics.dropped);
  const buckets = [...durationBucketsSeconds.map(String), '+Inf'].map((le) =>
    named(`${prometheusMetrics.duration}_bucket`, { le }),
  );
  const count = named(`${prometheusMetrics.duration}_count`);
  const sum = named(`${prometheusMetrics.duration}_sum`);
  const all = [...requests.values(), failed, dropped, ...buckets, count, sum];
  const last = (seconds.at(-1) as (typeof seconds)[number]).at;
  const end = Math.max(last * 1000 + 1, Math.min((last + 1) * 1000, now));
  // A zero a second before the first, so rate() and increase() see the first second's requests.
  for (const series of all) series.at((first.at - 1) * 1000);
  for (const second of seconds) {
    for (const [status, responses] of Object.entries(second.statuses)) {
      (requests.get(status) as CumulativeSeries).value += responses;
      if (!status.startsWith('2')) failed.value += responses;
    }
    if (second.errors) {
      (requests.get('0') as CumulativeSeries).value += second.errors;
      failed.value += second.errors;
    }
    dropped.value += second.dropped ?? 0;
    if (second.responseTime) {
      const perBucket = new Array<number>(buckets.length).fill(0);
      for (const { valueMs, count: times } of LatencyHistogram.decode(second.responseTime).recordedValues()) {
        const bucket = bucketOf(valueMs / 1000);
        perBucket[bucket] = (perBucket[bucket] as number) + times;
        count.value += times;
        sum.value += (valueMs / 1000) * times;
      }
      let below = 0;
      buckets.forEach((bucket, index) => {
        below += perBucket[index] as number;
        bucket.value += below;
      });
    }
    for (const series of all) series.at(Math.min((second.at + 1) * 1000, end));
  }
  for (const series of all) series.end(end);
  return all.map(({ labels: named, samples }) => ({ labels: named, samples }));
}

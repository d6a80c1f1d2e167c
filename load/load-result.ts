import { LatencyHistogram } from './latency-histogram.ts';
import type { ObservedResponse } from './scenario.ts';
import { parseThreshold } from '../core/load-threshold.ts';
import { judgeThresholds, type ThresholdFigures, type ThresholdVerdict } from './thresholds.ts';
import type { SegmentStamp } from './segment.ts';
import type { DataBytes } from './load-engine.ts';

/**
 * What a load run returns and writes: plain data. It carries the raw HDR histogram and the per-second
 * counts, so runs of one scenario made on several machines at once merge into one result (load-merge.ts)
 * and the thresholds are judged again on the merged figures.
 */

export const loadResultFormat = 'harness-load-result/1';

export interface SecondCounts {
  /** Epoch second the counts belong to (runs on several machines line up by the clock). */
  at: number;
  statuses: Record<string, number>;
  errors: number;
  /** Requests due in this second that were not sent (the cap of requests in flight reached). */
  dropped?: number;
  /** Response times (from the due time) of the responses of this second: HDR, encoded like the run's. */
  responseTime?: string;
}

export interface ResponseViolation {
  ruleId: string;
  /** What the first response that broke the rule showed. */
  message: string;
  /** How many responses broke the rule. */
  count: number;
  /** The first such response, redacted. */
  sample: ObservedResponse;
}

export interface LoadResult {
  format: typeof loadResultFormat;
  scenario: string;
  family: string;
  target?: string;
  startedAt: string;
  durationSeconds: number;
  /**
   * How the load was made: `open` (constant rate: every request due on a fixed schedule, sent whether or not
   * earlier ones have answered, up to `maxInFlight`) or `closed` (the closed loop: bursts, as fast as the
   * connections go; a connection waits for its answer before sending again).
   */
  model: 'open' | 'closed';
  /** What was asked of the load generator (summed over machines when merged). */
  offered: {
    rate: number | null;
    connections: number;
    durationSeconds: number;
    maxRequests: number;
    maxInFlight?: number;
  };
  /** Requests sent. */
  sent: number;
  /** Requests due that were not sent because `maxInFlight` requests were waiting for an answer (open model). */
  dropped: number;
  /** Requests sent per second over the sending window (the schedule's, in the open model). */
  achievedRate: number;
  /**
   * Bytes on the wire from and to the target (lines, headers, bodies), as k6's data_received and data_sent. Absent in
   * results written before they were counted.
   */
  data?: DataBytes;
  /** How many runs (machines) this result is made of. */
  runs: number;
  /** Responses per status code. */
  statuses: Record<string, number>;
  /** Requests without a response (connection errors and timeouts). */
  errors: number;
  timeouts: number;
  /** Responses per request label and status code. */
  byLabel: Record<string, Record<string, number>>;
  /**
   * Response time: from when each request was due to its answer (open model; what the thresholds judge), so a
   * stall counts for every request it delayed. Percentiles read off the histogram, in ms.
   */
  latencyMs: LatencySummary;
  /** Raw HDR histogram of response times in microseconds (compressed base64, HdrHistogram V2). */
  latencyHistogram: string;
  /**
   * Service time: from when each request was actually sent to its answer (the same as response time in a closed run).
   */
  serviceTimeMs: LatencySummary;
  serviceTimeHistogram: string;
  perSecond: SecondCounts[];
  /** The first response of each status, redacted (a 429's body and Retry-After as observed). */
  samples: Record<string, ObservedResponse>;
  /** Responses that broke one of the family's response rules. */
  violations: ResponseViolation[];
  thresholds: ThresholdVerdict[];
  /**
   * The run was stopped before its end (SIGINT, SIGTERM): its figures cover what was sent, and its thresholds
   * are shown but not judged as passed (a short run's p99 says nothing of the profile's). Absent otherwise.
   */
  interrupted?: true;
  /**
   * A segment's result (`harness load nightly --segment I/N`): which share of which run; its thresholds are judged on
   * the merge.
   */
  segment?: SegmentStamp;
  /** A merge of segments: the run they belong to and which arrived (some missing only with --allow-partial). */
  segments?: MergedSegments;
  /** A merge some segments are missing from says so: "partial: segments 2/3 missing". */
  partial?: string;
  /** Every threshold held and no response broke a rule, in a run that was not interrupted. */
  passed: boolean;
}

export interface MergedSegments {
  runId: string;
  profileDigest: string;
  count: number;
  /** Segment indexes merged (1-based, ascending). */
  merged: number[];
  /** Segment indexes that never arrived: not empty only in a merge run with --allow-partial. */
  missing: number[];
}

export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  mean: number;
  max: number;
}

export function figuresOf(
  result: Pick<LoadResult, 'latencyHistogram' | 'statuses' | 'errors' | 'dropped' | 'durationSeconds'>,
  histogram = LatencyHistogram.decode(result.latencyHistogram),
): ThresholdFigures {
  return {
    latencyAt: (percentile) => histogram.at(percentile),
    latencyMean: histogram.meanMs,
    latencyMax: histogram.maxMs,
    statuses: result.statuses,
    errors: result.errors,
    dropped: result.dropped,
    durationSeconds: result.durationSeconds,
  };
}

export function latencySummary(histogram: LatencyHistogram): LatencySummary {
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    p50: round(histogram.at(50)),
    p90: round(histogram.at(90)),
    p99: round(histogram.at(99)),
    p999: round(histogram.at(99.9)),
    mean: round(histogram.meanMs),
    max: round(histogram.maxMs),
  };
}

/** Judges the thresholds (as written) on the result's figures and sets `passed`. */
export function judged(
  result: Omit<LoadResult, 'thresholds' | 'passed'>,
  thresholdTexts: readonly string[],
  histogram?: LatencyHistogram,
): LoadResult {
  const thresholds = judgeThresholds(thresholdTexts.map(parseThreshold), figuresOf(result, histogram));
  return { ...result, thresholds, passed: passedOf({ ...result, thresholds }) };
}

/** Every threshold held and no response broke a rule, in a run that was not interrupted. */
export function passedOf(result: Pick<LoadResult, 'interrupted' | 'thresholds' | 'violations'>): boolean {
  return (
    result.interrupted !== true &&
    result.thresholds.every((verdict) => verdict.passed) &&
    result.violations.length === 0
  );
}

/** Adds counts of `from` into `into`, key by key. */
export function addCounts(
  into: Record<string, number>,
  from: Readonly<Record<string, number>>,
): Record<string, number> {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
  return into;
}

/** The file a scenario's result is written to (one per operation of a nightly run): its name, made path-safe. */
export function resultFileName(scenario: string): string {
  // A name's leading and trailing marks ("(simulated)") leave no dash at either end.
  return `${scenario.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '')}.json`;
}

import type { Comparison, Threshold, ThresholdMetric } from '../core/load-threshold.ts';

// Judging a load run's figures against thresholds written as strings (parsed in core/load-threshold.ts).

/** The figures a threshold is judged on; a merged run gives the same shape. */
export interface ThresholdFigures {
  /** Latency at a percentile (0..100), in ms. */
  latencyAt(percentile: number): number;
  latencyMean: number;
  latencyMax: number;
  /** Responses per status code ("200"), plus "errors" for requests that got no response. */
  statuses: Readonly<Record<string, number>>;
  errors: number;
  /** Requests due that were never sent (open model, the in-flight cap reached). Default 0. */
  dropped?: number;
  durationSeconds: number;
}

export interface ThresholdVerdict {
  threshold: string;
  /** The figure the threshold read, in its unit (ms, fraction, count, per second). */
  actual: number;
  passed: boolean;
  /**
   * A threshold against the previous run (`p99 < 1.2x previous`): that run's figure and the bound it made, or why it
   * was not compared (the first night: observed, never failed). Absent for every other threshold.
   */
  previousRun?: PreviousRunFigure | { notCompared: string };
}

/** The previous run's figure a threshold compared tonight's with, and the bound it made (factor x figure + offset). */
export interface PreviousRunFigure {
  runAt: string;
  figure: number;
  bound: number;
}

/** Why a threshold against the previous run is not judged until the nightly history has been read. */
export const notComparedYet = 'not compared yet: the previous run is read when the nightly run is published';

/**
 * Responses (not requests without one) whose status matches a class: "429", "5xx", "all"; "errors" counts the
 * requests that got none, "dropped" the requests due that were never sent.
 */
export function countOf(of: string, statuses: Readonly<Record<string, number>>, errors: number, dropped = 0): number {
  if (of === 'errors') return errors;
  if (of === 'dropped') return dropped;
  // Everything due that did not end in a 2xx: the error rate the nightly history keeps.
  if (of === 'non-2xx') return countOf('all', statuses, 0) - countOf('2xx', statuses, 0) + errors + dropped;
  return Object.entries(statuses)
    .filter(([status]) => of === 'all' || status === of || (of.endsWith('xx') && status[0] === of[0]))
    .reduce((sum, [, count]) => sum + count, 0);
}

export function measure(metric: ThresholdMetric, figures: ThresholdFigures): number {
  if (metric.kind === 'latency') {
    if (metric.statistic === 'mean') return figures.latencyMean;
    if (metric.statistic === 'max') return figures.latencyMax;
    return figures.latencyAt(metric.statistic);
  }
  const answered = countOf('all', figures.statuses, 0);
  if (metric.kind === 'rps') return figures.durationSeconds > 0 ? answered / figures.durationSeconds : 0;
  const dropped = figures.dropped ?? 0;
  const count = countOf(metric.of, figures.statuses, figures.errors, dropped);
  if (metric.kind === 'count') return count;
  // The share of everything due that ended so: a run whose requests all failed has rate(errors) 1, and a
  // request dropped at the in-flight cap counts against rate(2xx) like one that failed.
  const total = answered + figures.errors + dropped;
  return total === 0 ? 0 : count / total;
}

const compare: Record<Comparison, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** Whether `actual` keeps the threshold's comparison with `bound`. */
export function holds(threshold: Threshold, actual: number, bound: number): boolean {
  return compare[threshold.comparison](actual, bound);
}

/**
 * Each threshold judged on the figures; one against the previous run holds for now, marked not compared, until the
 * nightly history is read (load/versus-previous-run.ts).
 */
export function judgeThresholds(thresholds: readonly Threshold[], figures: ThresholdFigures): ThresholdVerdict[] {
  return thresholds.map((threshold) => {
    const actual = measure(threshold.metric, figures);
    if (threshold.previous)
      return { threshold: threshold.text, actual, passed: true, previousRun: { notCompared: notComparedYet } };
    return { threshold: threshold.text, actual, passed: holds(threshold, actual, threshold.value) };
  });
}

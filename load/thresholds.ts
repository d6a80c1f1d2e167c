import { HarnessError } from '../targets/harness-error.ts';

/**
 * Pass or fail of a load run, declared beside the scenario as strings (`p99 < 250 ms`, `rate(5xx) == 0`,
 * `rate(429) > 0`), the way k6 and autocannon users write them. A threshold is parsed once, when the
 * scenario is made, so a typo is a configuration error before any traffic, not a verdict after it.
 */

export type Comparison = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** What a threshold reads off a run: a latency figure, a share or count of responses, or the completed rate. */
export type ThresholdMetric =
  | { kind: 'latency'; statistic: 'mean' | 'max' | number }
  | { kind: 'rate' | 'count'; of: string }
  | { kind: 'rps' };

export interface Threshold {
  /** As written, for reports. */
  text: string;
  metric: ThresholdMetric;
  comparison: Comparison;
  /** In milliseconds for latency, a fraction (0..1) for rate, a number otherwise. */
  value: number;
}

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
}

const pattern = /^\s*(p\d{1,2}(?:\.\d+)?|mean|max|rate\(\s*[\w.]+\s*\)|count\(\s*[\w.]+\s*\)|rps)\s*(<=|>=|==|!=|<|>)\s*(\d+(?:\.\d+)?)\s*(ms|s|%)?\s*$/i;
const classPattern = /^(?:[1-5]xx|[1-5]\d\d|errors|dropped|all)$/i;

export function parseThreshold(text: string): Threshold {
  const match = pattern.exec(text);
  if (!match) throw invalid(text, 'write METRIC OP VALUE, e.g. "p99 < 250 ms", "rate(5xx) == 0", "rate(429) > 0", "count(429) > 0", "rps >= 50"');
  const [, rawMetric = '', comparison = '', rawValue = '', unit = ''] = match;
  const metricText = rawMetric.toLowerCase().replace(/\s+/g, '');
  let value = Number(rawValue);
  const lowerUnit = unit.toLowerCase();
  let metric: ThresholdMetric;
  if (metricText === 'rps') metric = { kind: 'rps' };
  else if (metricText.startsWith('rate(') || metricText.startsWith('count(')) {
    const of = metricText.slice(metricText.indexOf('(') + 1, -1);
    if (!classPattern.test(of)) throw invalid(text, 'count or rate a status (429), a class (5xx), "errors", "dropped" or "all"');
    metric = { kind: metricText.startsWith('rate(') ? 'rate' : 'count', of };
    if (metric.kind === 'rate' && lowerUnit === '%') value /= 100;
    else if (lowerUnit !== '') throw invalid(text, 'a rate is a fraction (0.01) or a percentage (1%); a count has no unit');
    if (metric.kind === 'rate' && value > 1) throw invalid(text, 'a rate is at most 1 (100%)');
  } else {
    const statistic = metricText === 'mean' || metricText === 'max' ? metricText : Number(metricText.slice(1));
    if (typeof statistic === 'number' && !(statistic > 0 && statistic < 100)) throw invalid(text, 'a percentile is between p1 and p99.999');
    metric = { kind: 'latency', statistic };
    if (lowerUnit === '%') throw invalid(text, 'latency is in ms or s');
    if (lowerUnit === 's') value *= 1000;
  }
  return { text: text.trim(), metric, comparison: comparison as Comparison, value };
}

function invalid(text: string, fix: string): HarnessError {
  return new HarnessError('CONFIG_INVALID', `Threshold ${JSON.stringify(text)} cannot be read`, fix);
}

/**
 * Responses (not requests without one) whose status matches a class: "429", "5xx", "all"; "errors" counts the
 * requests that got none, "dropped" the requests due that were never sent.
 */
export function countOf(of: string, statuses: Readonly<Record<string, number>>, errors: number, dropped = 0): number {
  if (of === 'errors') return errors;
  if (of === 'dropped') return dropped;
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

export function judgeThresholds(thresholds: readonly Threshold[], figures: ThresholdFigures): ThresholdVerdict[] {
  return thresholds.map((threshold) => {
    const actual = measure(threshold.metric, figures);
    return { threshold: threshold.text, actual, passed: compare[threshold.comparison](actual, threshold.value) };
  });
}

import { HarnessError } from './harness-error.ts';

/**
 * Pass or fail of a load run, declared beside the scenario as strings (`p99 < 250 ms`, `rate(5xx) == 0`,
 * `rate(429) > 0`), the way k6 and autocannon users write them. A threshold is parsed once, when the
 * scenario is made, so a typo is a configuration error before any traffic, not a verdict after it. The
 * grammar lives with the targets schema, which validates a target entry's thresholds when the file is loaded.
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

const pattern =
  /^\s*(p\d{1,2}(?:\.\d+)?|mean|max|rate\(\s*[\w.]+\s*\)|count\(\s*[\w.]+\s*\)|rps)\s*(<=|>=|==|!=|<|>)\s*(\d+(?:\.\d+)?)\s*(ms|s|%)?\s*$/i;
const classPattern = /^(?:[1-5]xx|[1-5]\d\d|errors|dropped|all)$/i;

export function parseThreshold(text: string): Threshold {
  const match = pattern.exec(text);
  if (!match)
    throw invalid(
      text,
      'write METRIC OP VALUE, e.g. "p99 < 250 ms", "rate(5xx) == 0", "rate(429) > 0", "count(429) > 0", "rps >= 50"',
    );
  const [, rawMetric = '', comparison = '', rawValue = '', unit = ''] = match;
  const metricText = rawMetric.toLowerCase().replace(/\s+/g, '');
  let value = Number(rawValue);
  const lowerUnit = unit.toLowerCase();
  let metric: ThresholdMetric;
  if (metricText === 'rps') metric = { kind: 'rps' };
  else if (metricText.startsWith('rate(') || metricText.startsWith('count(')) {
    const of = metricText.slice(metricText.indexOf('(') + 1, -1);
    if (!classPattern.test(of))
      throw invalid(text, 'count or rate a status (429), a class (5xx), "errors", "dropped" or "all"');
    metric = { kind: metricText.startsWith('rate(') ? 'rate' : 'count', of };
    if (metric.kind === 'rate' && lowerUnit === '%') value /= 100;
    else if (lowerUnit !== '')
      throw invalid(text, 'a rate is a fraction (0.01) or a percentage (1%); a count has no unit');
    if (metric.kind === 'rate' && value > 1) throw invalid(text, 'a rate is at most 1 (100%)');
  } else {
    const statistic = metricText === 'mean' || metricText === 'max' ? metricText : Number(metricText.slice(1));
    if (typeof statistic === 'number' && !(statistic > 0 && statistic < 100))
      throw invalid(text, 'a percentile is between p1 and p99.999');
    metric = { kind: 'latency', statistic };
    if (lowerUnit === '%') throw invalid(text, 'latency is in ms or s');
    if (lowerUnit === 's') value *= 1000;
  }
  return { text: text.trim(), metric, comparison: comparison as Comparison, value };
}

function invalid(text: string, fix: string): HarnessError {
  return new HarnessError('CONFIG_INVALID', `Threshold ${JSON.stringify(text)} cannot be read`, fix);
}

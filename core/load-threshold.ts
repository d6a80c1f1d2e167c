import { HarnessError } from './harness-error.ts';

/**
 * Pass or fail of a load run, declared beside the scenario as strings (`p99 < 250 ms`, `rate(5xx) == 0`,
 * `rate(429) > 0`), the way k6 and autocannon users write them. A threshold is parsed once, when the
 * scenario is made, so a typo is a configuration error before any traffic, not a verdict after it. The
 * grammar lives with the targets schema, which validates a target entry's thresholds when the file is loaded.
 * A nightly threshold may bound a figure by the previous run's (`p99 < 1.2x previous`, `rate(non-2xx) <= previous +
 * 1%`): a regression beyond a set ratio fails the run.
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
  /**
   * The bound, in milliseconds for latency, a fraction (0..1) for rate, a number otherwise; for a threshold against
   * the previous run, what is added to factor x the previous run's figure (0 unless written, as in `previous + 1%`).
   */
  value: number;
  /** Set for a threshold against the previous run (`p99 < 1.2x previous`): the bound is factor x its figure + value. */
  previous?: { factor: number };
}

/** The figures the nightly history keeps of a run, so the only ones a threshold can compare with the previous run's. */
export const previousRunMetrics = ['p50', 'p95', 'p99', 'rps', 'rate(non-2xx)'] as const;
export type PreviousRunMetric = (typeof previousRunMetrics)[number];

const metricPattern = String.raw`(p\d{1,2}(?:\.\d+)?|mean|max|rate\(\s*[\w.-]+\s*\)|count\(\s*[\w.-]+\s*\)|rps)`;
const numberPattern = String.raw`(\d+(?:\.\d+)?)`;
const unitPattern = '(ms|s|%)?';
const operatorPattern = '(<=|>=|==|!=|<|>)';
const absolutePattern = new RegExp(
  String.raw`^\s*${metricPattern}\s*${operatorPattern}\s*${numberPattern}\s*${unitPattern}\s*$`,
  'i',
);
// `p99 < 1.2x previous`, `rate(non-2xx) <= previous + 1%`, `rps >= 0.8 x previous - 5`.
const previousPattern = new RegExp(
  String.raw`^\s*${metricPattern}\s*${operatorPattern}\s*(?:${numberPattern}\s*x\s*)?previous(?:\s*([+-])\s*${numberPattern}\s*${unitPattern})?\s*$`,
  'i',
);
const classPattern = /^(?:[1-5]xx|[1-5]\d\d|non-2xx|errors|dropped|all)$/i;

export function parseThreshold(text: string): Threshold {
  const against = previousPattern.exec(text);
  if (against) return parsePreviousRunThreshold(text, against);
  const match = absolutePattern.exec(text);
  if (!match)
    throw invalid(
      text,
      'write METRIC OP VALUE, e.g. "p99 < 250 ms", "rate(5xx) == 0", "rate(429) > 0", "count(429) > 0", "rps >= 50", or against the previous run "p99 < 1.2x previous"',
    );
  const [, rawMetric = '', comparison = '', rawValue = '', unit = ''] = match;
  const metric = metricOf(rawMetric, text);
  const value = valueInUnit(metric, Number(rawValue), unit, text);
  if (metric.kind === 'rate' && value > 1) throw invalid(text, 'a rate is at most 1 (100%)');
  return { text: text.trim(), metric, comparison: comparison as Comparison, value };
}

function parsePreviousRunThreshold(text: string, match: RegExpExecArray): Threshold {
  const [, rawMetric = '', comparison = '', rawFactor = '1', sign = '+', rawOffset = '0', unit = ''] = match;
  const metric = metricOf(rawMetric, text);
  const named = rawMetric.toLowerCase().replace(/\s+/g, '');
  if (!(previousRunMetrics as readonly string[]).includes(named))
    throw invalid(
      text,
      `compare with the previous run one of the figures the nightly history keeps: ${previousRunMetrics.join(', ')} (the error rate: non-2xx answers, no answer and dropped)`,
    );
  const factor = Number(rawFactor);
  if (!(factor > 0)) throw invalid(text, 'the factor of the previous run is above 0, e.g. "1.2x previous"');
  const offset = valueInUnit(metric, Number(rawOffset), unit, text);
  return {
    text: text.trim(),
    metric,
    comparison: comparison as Comparison,
    value: sign === '-' ? -offset : offset,
    previous: { factor },
  };
}

function metricOf(rawMetric: string, text: string): ThresholdMetric {
  const metricText = rawMetric.toLowerCase().replace(/\s+/g, '');
  if (metricText === 'rps') return { kind: 'rps' };
  if (metricText.startsWith('rate(') || metricText.startsWith('count(')) {
    const of = metricText.slice(metricText.indexOf('(') + 1, -1);
    if (!classPattern.test(of))
      throw invalid(text, 'count or rate a status (429), a class (5xx, non-2xx), "errors", "dropped" or "all"');
    return { kind: metricText.startsWith('rate(') ? 'rate' : 'count', of };
  }
  const statistic = metricText === 'mean' || metricText === 'max' ? metricText : Number(metricText.slice(1));
  if (typeof statistic === 'number' && !(statistic > 0 && statistic < 100))
    throw invalid(text, 'a percentile is between p1 and p99.999');
  return { kind: 'latency', statistic };
}

/** A number as written, in the metric's unit: ms for latency (s converted), a fraction for a rate (% converted). */
function valueInUnit(metric: ThresholdMetric, value: number, unit: string, text: string): number {
  const lowerUnit = unit.toLowerCase();
  if (metric.kind === 'latency') {
    if (lowerUnit === '%') throw invalid(text, 'latency is in ms or s');
    return lowerUnit === 's' ? value * 1000 : value;
  }
  if (metric.kind === 'rate' && lowerUnit === '%') return value / 100;
  if (lowerUnit !== '') throw invalid(text, 'a rate is a fraction (0.01) or a percentage (1%); a count has no unit');
  return value;
}

function invalid(text: string, fix: string): HarnessError {
  return new HarnessError('CONFIG_INVALID', `Threshold ${JSON.stringify(text)} cannot be read`, fix);
}

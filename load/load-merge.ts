import { HarnessError } from '../targets/harness-error.ts';
import { LatencyHistogram } from './latency-histogram.ts';
import { addCounts, judged, latencySummary, loadResultFormat, type LoadResult, type ResponseViolation, type SecondCounts } from './load-result.ts';

/**
 * Combines results of one scenario run on several machines at once (a CI job matrix, the pods of a
 * Kubernetes Job) into one: raw HDR histograms added, per-second counts added by clock second, statuses
 * and violations summed, and the thresholds judged again on the merged figures.
 */
export function mergeLoadResults(results: readonly LoadResult[]): LoadResult {
  const [first] = results;
  if (!first) throw new HarnessError('USAGE', 'Nothing to merge', 'give the result files of one scenario, e.g. harness load merge a.json b.json');
  for (const result of results) {
    if (result.format !== loadResultFormat) throw new HarnessError('CONFIG_INVALID', `Not a load result of format ${loadResultFormat}: ${String(result.format)}`);
    if (result.scenario !== first.scenario) throw new HarnessError('USAGE', `Results of different scenarios cannot be merged: ${first.scenario} and ${result.scenario}`);
  }
  const histogram = LatencyHistogram.merged(results.map((result) => result.latencyHistogram));
  const seconds = new Map<number, SecondCounts>();
  for (const second of results.flatMap((result) => result.perSecond)) {
    const into = seconds.get(second.at) ?? { at: second.at, statuses: {}, errors: 0 };
    addCounts(into.statuses, second.statuses);
    into.errors += second.errors;
    seconds.set(second.at, into);
  }
  const violations = new Map<string, ResponseViolation>();
  for (const violation of results.flatMap((result) => result.violations)) {
    const key = `${violation.ruleId}\n${violation.message}`;
    const seen = violations.get(key);
    violations.set(key, seen ? { ...seen, count: seen.count + violation.count } : { ...violation });
  }
  const starts = results.map((result) => Date.parse(result.startedAt));
  const ends = results.map((result, index) => (starts[index] as number) + result.durationSeconds * 1000);
  const byLabel: Record<string, Record<string, number>> = {};
  for (const result of results) for (const [label, counts] of Object.entries(result.byLabel)) addCounts((byLabel[label] ??= {}), counts);
  const target = [...new Set(results.map((result) => result.target).filter((name): name is string => name !== undefined))].join(', ');
  return judged(
    {
      format: loadResultFormat,
      scenario: first.scenario,
      family: first.family,
      ...(target ? { target } : {}),
      startedAt: new Date(Math.min(...starts)).toISOString(),
      // Runs made at once overlap: the merged run lasts from the first start to the last end.
      durationSeconds: (Math.max(...ends) - Math.min(...starts)) / 1000,
      offered: {
        rate: results.every((result) => result.offered.rate !== null) ? results.reduce((sum, result) => sum + (result.offered.rate ?? 0), 0) : null,
        connections: results.reduce((sum, result) => sum + result.offered.connections, 0),
        durationSeconds: Math.max(...results.map((result) => result.offered.durationSeconds)),
        maxRequests: results.reduce((sum, result) => sum + result.offered.maxRequests, 0),
      },
      runs: results.reduce((sum, result) => sum + result.runs, 0),
      statuses: results.reduce((sum, result) => addCounts(sum, result.statuses), {} as Record<string, number>),
      errors: results.reduce((sum, result) => sum + result.errors, 0),
      timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
      byLabel,
      latencyMs: latencySummary(histogram),
      latencyHistogram: histogram.encode(),
      perSecond: [...seconds.values()].sort((a, b) => a.at - b.at),
      samples: Object.assign({}, ...[...results].reverse().map((result) => result.samples)),
      violations: [...violations.values()],
    },
    first.thresholds.map((verdict) => verdict.threshold),
    histogram,
  );
}

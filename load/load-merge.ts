import { HarnessError } from '../core/harness-error.ts';
import { LatencyHistogram } from './latency-histogram.ts';
import { countOf } from './thresholds.ts';
import {
  addCounts,
  judged,
  latencySummary,
  loadResultFormat,
  type LoadResult,
  type MergedSegments,
  type ResponseViolation,
  type SecondCounts,
} from './load-result.ts';

/**
 * Combines results of one scenario run on several machines at once (a CI job matrix, the pods of a
 * Kubernetes Job) into one: raw HDR histograms added, per-second counts added by clock second, statuses
 * and violations summed, and the thresholds judged again on the merged figures. Segments of a run are checked
 * before (segment-merge.ts), which passes what it found in `segments`.
 */
export function mergeLoadResults(
  results: readonly LoadResult[],
  stamp: { segments?: MergedSegments } = {},
): LoadResult {
  const first = mergeable(results);
  const histogram = LatencyHistogram.merged(results.map((result) => result.latencyHistogram));
  // A result written before service time was kept has only its response times: they are its service times too.
  const serviceTime = LatencyHistogram.merged(
    results.map((result) => result.serviceTimeHistogram ?? result.latencyHistogram),
  );
  return judged(
    {
      ...mergedRun(results, first),
      offered: mergedOffered(results),
      ...mergedCounts(results),
      byLabel: mergedByLabel(results),
      latencyMs: latencySummary(histogram),
      latencyHistogram: histogram.encode(),
      serviceTimeMs: latencySummary(serviceTime),
      serviceTimeHistogram: serviceTime.encode(),
      perSecond: mergedSeconds(results),
      samples: Object.assign({}, ...[...results].reverse().map((result) => result.samples)),
      violations: mergedViolations(results),
      // One machine's interrupted part leaves the sum short of the profile: not judged as passed either.
      ...(results.some((result) => result.interrupted) ? { interrupted: true as const } : {}),
      ...(stamp.segments ? { segments: stamp.segments } : {}),
    },
    first.thresholds.map((verdict) => verdict.threshold),
    histogram,
  );
}

/** The first of results that can be merged: at least one, each of this format, all of one scenario. */
function mergeable(results: readonly LoadResult[]): LoadResult {
  const [first] = results;
  if (!first)
    throw new HarnessError(
      'USAGE',
      'Nothing to merge',
      'give the result files of one scenario, e.g. harness load merge a.json b.json',
    );
  for (const result of results) {
    if (result.format !== loadResultFormat)
      throw new HarnessError(
        'CONFIG_INVALID',
        `Not a load result of format ${loadResultFormat}: ${String(result.format)}`,
      );
    if (result.scenario !== first.scenario)
      throw new HarnessError(
        'USAGE',
        `Results of different scenarios cannot be merged: ${first.scenario} and ${result.scenario}`,
      );
  }
  return first;
}

/** A figure summed over the results (a result without it counts 0). */
function sumOf(results: readonly LoadResult[], figure: (result: LoadResult) => number | undefined): number {
  return results.reduce((total, result) => total + (figure(result) ?? 0), 0);
}

/** What the merged run was: its scenario, the targets, when it ran and how the load was made. */
function mergedRun(
  results: readonly LoadResult[],
  first: LoadResult,
): Pick<LoadResult, 'format' | 'scenario' | 'family' | 'target' | 'startedAt' | 'durationSeconds' | 'model'> {
  const starts = results.map((result) => Date.parse(result.startedAt));
  const ends = results.map((result, index) => (starts[index] as number) + result.durationSeconds * 1000);
  const target = [
    ...new Set(results.map((result) => result.target).filter((name): name is string => name !== undefined)),
  ].join(', ');
  return {
    format: loadResultFormat,
    scenario: first.scenario,
    family: first.family,
    ...(target ? { target } : {}),
    startedAt: new Date(Math.min(...starts)).toISOString(),
    // Runs made at once overlap: the merged run lasts from the first start to the last end.
    durationSeconds: (Math.max(...ends) - Math.min(...starts)) / 1000,
    model: results.every((result) => (result.model ?? 'closed') === 'open') ? 'open' : 'closed',
  };
}

function mergedOffered(results: readonly LoadResult[]): LoadResult['offered'] {
  const sum = (figure: (result: LoadResult) => number | undefined) => sumOf(results, figure);
  return {
    rate: results.every((result) => result.offered.rate !== null) ? sum((result) => result.offered.rate ?? 0) : null,
    connections: sum((result) => result.offered.connections),
    durationSeconds: Math.max(...results.map((result) => result.offered.durationSeconds)),
    maxRequests: sum((result) => result.offered.maxRequests),
    ...(results.some((result) => result.offered.maxInFlight !== undefined)
      ? { maxInFlight: sum((result) => result.offered.maxInFlight) }
      : {}),
  };
}

/** What the machines sent and received, summed. */
function mergedCounts(
  results: readonly LoadResult[],
): Pick<LoadResult, 'runs' | 'sent' | 'dropped' | 'achievedRate' | 'data' | 'statuses' | 'errors' | 'timeouts'> {
  const sum = (figure: (result: LoadResult) => number | undefined) => sumOf(results, figure);
  return {
    runs: sum((result) => result.runs),
    // Older results did not count requests sent: their answers and failures are what was sent.
    sent: sum((result) => result.sent ?? countOf('all', result.statuses, result.errors) + result.errors),
    dropped: sum((result) => result.dropped),
    // Machines loading at once: the target saw the sum of their rates.
    achievedRate: sum(
      (result) => result.achievedRate ?? (countOf('all', result.statuses, 0) + result.errors) / result.durationSeconds,
    ),
    // Counted only when every result counted them: a sum short of a machine would read as the whole.
    ...(results.every((result) => result.data)
      ? {
          data: {
            received: sum((result) => result.data?.received ?? 0),
            sent: sum((result) => result.data?.sent ?? 0),
          },
        }
      : {}),
    statuses: results.reduce((total, result) => addCounts(total, result.statuses), {} as Record<string, number>),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
  };
}

function mergedByLabel(results: readonly LoadResult[]): LoadResult['byLabel'] {
  const byLabel: Record<string, Record<string, number>> = {};
  for (const result of results)
    for (const [label, counts] of Object.entries(result.byLabel)) {
      byLabel[label] ??= {};
      addCounts(byLabel[label], counts);
    }
  return byLabel;
}

/** Per-second counts added by clock second, their response-time histograms merged. */
function mergedSeconds(results: readonly LoadResult[]): SecondCounts[] {
  const seconds = new Map<number, { counts: SecondCounts; responseTimes: string[] }>();
  for (const second of results.flatMap((result) => result.perSecond)) {
    const into = seconds.get(second.at) ?? { counts: { at: second.at, statuses: {}, errors: 0 }, responseTimes: [] };
    addCounts(into.counts.statuses, second.statuses);
    into.counts.errors += second.errors;
    if (second.dropped) into.counts.dropped = (into.counts.dropped ?? 0) + second.dropped;
    if (second.responseTime) into.responseTimes.push(second.responseTime);
    seconds.set(second.at, into);
  }
  return [...seconds.values()]
    .sort((a, b) => a.counts.at - b.counts.at)
    .map(({ counts, responseTimes }) =>
      responseTimes.length ? { ...counts, responseTime: LatencyHistogram.merged(responseTimes).encode() } : counts,
    );
}

/** Violations of one rule, their counts summed (the first message and sample kept, as each run keeps them). */
function mergedViolations(results: readonly LoadResult[]): ResponseViolation[] {
  const violations = new Map<string, ResponseViolation>();
  for (const violation of results.flatMap((result) => result.violations)) {
    const seen = violations.get(violation.ruleId);
    violations.set(violation.ruleId, seen ? { ...seen, count: seen.count + violation.count } : { ...violation });
  }
  return [...violations.values()];
}

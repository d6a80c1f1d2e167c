import type { LoadResult } from '../load/load-result.ts';
import { partialNote } from '../load/segment-merge.ts';
import { parseThreshold, type Threshold } from '../targets/load-threshold.ts';

/**
 * The closing block of a load run, the way k6 prints it: per run, a ✓ / ✗ line for every threshold with the
 * figure it read (in the threshold's unit) and one line per response rule broken, then one verdict line.
 * Plain text; colour is the caller's business.
 */
export function loadThresholdsBlock(results: readonly LoadResult[]): string {
  const lines = ['THRESHOLDS'];
  for (const result of results) {
    const partial = partialNote(result);
    lines.push(
      `  ${result.scenario}  (${headline(result)})${result.interrupted ? '  INTERRUPTED: not judged' : ''}${partial ? `  ${partial.toUpperCase()}` : ''}`,
    );
    const width = Math.max(0, ...result.thresholds.map((verdict) => verdict.threshold.length));
    for (const verdict of result.thresholds)
      lines.push(
        `    ${verdict.passed ? '✓' : '✗'} ${verdict.threshold.padEnd(width)}  actual ${thresholdActualText(verdict.threshold, verdict.actual)}`,
      );
    for (const violation of result.violations)
      lines.push(`    ✗ ${violation.ruleId}: ${violation.count} response(s) broke it: ${violation.message}`);
    if (result.thresholds.length === 0 && result.violations.length === 0) lines.push('    (no thresholds)');
  }
  return lines.join('\n');
}

/** One line: the verdict of every run together, with what failed counted. */
export function loadVerdictLine(results: readonly LoadResult[], interrupted = false): string {
  const verdicts = results.flatMap((result) => result.thresholds);
  const failedThresholds = verdicts.filter((verdict) => !verdict.passed).length;
  const broken = results.reduce((sum, result) => sum + result.violations.length, 0);
  const failedRuns = results.filter((result) => !result.passed).length;
  if (interrupted) return `VERDICT: INTERRUPTED after ${results.length} run(s): not judged (exit 2)`;
  if (results.length === 0) return 'VERDICT: NOTHING RUN (no operation had a nightly profile)';
  if (failedRuns === 0)
    return `VERDICT: PASS: ${verdicts.length} threshold(s) held in ${results.length} run(s), no response broke a rule`;
  const parts = [
    `${failedThresholds} of ${verdicts.length} threshold(s) failed`,
    ...(broken ? [`${broken} response rule(s) broken`] : []),
  ];
  return `VERDICT: FAIL: ${parts.join(', ')} in ${failedRuns} of ${results.length} run(s)`;
}

/** The figures a reader wants beside a run's name: offered and achieved rate, response time, drops, errors. */
function headline(result: LoadResult): string {
  const offered = result.offered.rate === null ? 'as fast as possible' : `${result.offered.rate} req/s offered`;
  const achieved = `${round(result.achievedRate)} req/s sent`;
  const dropped = result.dropped ? `, ${result.dropped} dropped` : '';
  const errors = result.errors ? `, ${result.errors} without a response` : '';
  return `${offered}, ${achieved}${dropped}${errors}; response time p50 ${result.latencyMs.p50} ms p99 ${result.latencyMs.p99} ms, service time p99 ${result.serviceTimeMs.p99} ms`;
}

/** The figure a threshold read, in the threshold's own unit (ms, %, req/s): the same in the terminal and the report. */
export function thresholdActualText(threshold: string, actual: number): string {
  return actualText(parseThreshold(threshold), actual);
}

function actualText(threshold: Threshold, actual: number): string {
  switch (threshold.metric.kind) {
    case 'latency':
      return `${round(actual)} ms`;
    case 'rate':
      return `${round(actual * 100)}%`;
    case 'rps':
      return `${round(actual)} req/s`;
    default:
      return String(actual);
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

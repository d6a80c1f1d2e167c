import type { LoadResult } from '../load/load-result.ts';
import { parseThreshold, type Threshold } from '../core/load-threshold.ts';
import { partialNote } from '../load/segment-merge.ts';
import type { ThresholdVerdict } from '../load/thresholds.ts';

/**
 * One line: the verdict of every operation's result together (a probe is one), with what failed counted; a merge
 * missing segments is PARTIAL, never PASS.
 */
export function loadVerdictLine(results: readonly LoadResult[], interrupted = false): string {
  const verdicts = results.flatMap((result) => result.thresholds);
  const failedThresholds = verdicts.filter((verdict) => !verdict.passed).length;
  const broken = results.reduce((sum, result) => sum + result.violations.length, 0);
  const failedRuns = results.filter((result) => !result.passed).length;
  if (interrupted) return `VERDICT: INTERRUPTED after ${results.length} operation(s): not judged (exit 2)`;
  if (results.length === 0) return 'VERDICT: NOTHING RUN (no operation had a nightly profile)';
  // Judged on some segments only: never a pass, whatever the figures of what arrived say.
  const partial = results.map(partialNote).find((note) => note !== undefined);
  if (partial)
    return `VERDICT: PARTIAL (${partial.replace(/^partial: /, '')}): ${failedRuns === 0 ? `${verdicts.length} threshold(s) held` : `${failedThresholds} of ${verdicts.length} threshold(s) failed`} on what arrived, not a pass (exit 1)`;
  if (failedRuns === 0) {
    const observed = verdicts.filter(notCompared).length;
    const held = observed
      ? `${verdicts.length - observed} threshold(s) held, ${observed} observed (no previous run)`
      : `${verdicts.length} threshold(s) held`;
    return `VERDICT: PASS: ${held} over ${results.length} operation(s), no response broke a rule`;
  }
  const parts = [
    `${failedThresholds} of ${verdicts.length} threshold(s) failed`,
    ...(broken ? [`${broken} response rule(s) broken`] : []),
  ];
  return `VERDICT: FAIL: ${parts.join(', ')} in ${failedRuns} of ${results.length} operation(s)`;
}

/** A threshold against the previous run that had nothing to compare with (the first night): observed, not judged. */
export const notCompared = (verdict: ThresholdVerdict): boolean =>
  verdict.previousRun !== undefined && 'notCompared' in verdict.previousRun;

/**
 * What a verdict read, in the threshold's own unit (ms, %, req/s), the same in the terminal and the report; against the previous run, both figures and the bound they made ("61 ms, previous
 * 48 ms: 1.27x, bound 57.6 ms"), or why it was not compared.
 */
export function verdictFigureText(verdict: ThresholdVerdict): string {
  const threshold = parseThreshold(verdict.threshold);
  const actual = actualText(threshold, verdict.actual);
  const against = verdict.previousRun;
  if (!against) return actual;
  if ('notCompared' in against) return `${actual}; ${against.notCompared}`;
  const ratio = against.figure === 0 ? '' : `${round(verdict.actual / against.figure)}x, `;
  return `${actual}, previous ${actualText(threshold, against.figure)}: ${ratio}bound ${actualText(threshold, against.bound)}`;
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

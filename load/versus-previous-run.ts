import { parseThreshold } from '../core/load-threshold.ts';
import { passedOf, type LoadResult } from './load-result.ts';
import { comparedFigures, previousRunMetricOf } from './nightly-comparison.ts';
import type { OperationHistory } from './nightly-history.ts';
import { holds, type ThresholdVerdict } from './thresholds.ts';

/** Why a threshold against the previous run is observed, not judged, on the first night of an operation. */
export const noPreviousRun = 'no previous run of this operation: observed, not judged';

/**
 * Judges a result's thresholds against the previous run (`p99 < 1.2x previous`) once the nightly history is read:
 * tonight's figure as the history keeps it, the bound factor x the previous run's figure + offset. Without a previous
 * run (or one that did not keep the figure) the threshold is observed and holds, saying why. Sets `passed` anew.
 */
export function judgedAgainstPreviousRun(result: LoadResult, history: OperationHistory | undefined): LoadResult {
  if (!result.thresholds.some((verdict) => verdict.previousRun)) return result;
  const thresholds = result.thresholds.map((verdict) => (verdict.previousRun ? versus(verdict, history) : verdict));
  return { ...result, thresholds, passed: passedOf({ ...result, thresholds }) };
}

function versus(verdict: ThresholdVerdict, history: OperationHistory | undefined): ThresholdVerdict {
  const threshold = parseThreshold(verdict.threshold);
  const metric = previousRunMetricOf(threshold.metric);
  const figure = metric && comparedFigures[metric];
  const tonight = figure && history && figure.read(history.tonight);
  const actual = tonight ?? verdict.actual;
  const notCompared = (why: string): ThresholdVerdict => ({
    ...verdict,
    actual,
    passed: true,
    previousRun: { notCompared: why },
  });
  const { previous } = history ?? {};
  if (!figure || !previous) return notCompared(noPreviousRun);
  const before = figure.read(previous);
  if (before === undefined)
    return notCompared(`the previous run (${previous.runAt}) kept no ${figure.name}: observed, not judged`);
  const bound = (threshold.previous?.factor ?? 1) * before + threshold.value;
  return {
    threshold: verdict.threshold,
    actual,
    passed: holds(threshold, actual, bound),
    previousRun: { runAt: previous.runAt, figure: before, bound: Math.round(bound * 1e6) / 1e6 },
  };
}

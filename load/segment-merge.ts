import { HarnessError } from '../core/harness-error.ts';
import { mergeLoadResults } from './load-merge.ts';
import type { LoadResult, MergedSegments } from './load-result.ts';
import type { ResultFile } from './result-file.ts';
import { segmentText, type SegmentStamp } from './segment.ts';
import { checkOneRunOnly } from './segment-runs.ts';

export type { ResultFile } from './result-file.ts';

export interface MergeOptions {
  /** Judge what arrived when segments are missing (never when one is foreign or duplicated). Default false. */
  allowPartial?: boolean;
}

/**
 * Merges result files, one merged result per scenario (a nightly run's folder holds one file per operation and
 * segment). Segments are checked first: every file a segment of one run (same run id, profile digest, target,
 * segment count), each segment 1..N present exactly once for every operation. A foreign or duplicated segment is
 * refused naming its file; inputs of several runs (an earlier run's files left in the folder) are refused listing
 * each run and its folder; a missing segment is refused naming which, unless `allowPartial`, when the merged
 * results say which are missing. Files without segments merge as before: runs of one scenario made at once.
 */
export function mergeResultFiles(files: readonly ResultFile[], options: MergeOptions = {}): LoadResult[] {
  const byScenario = new Map<string, ResultFile[]>();
  for (const file of files)
    byScenario.set(file.result.scenario, [...(byScenario.get(file.result.scenario) ?? []), file]);
  const segmented = files.filter((file) => file.result.segment);
  if (segmented.length === 0)
    return [...byScenario.values()].map((group) => mergeLoadResults(group.map((file) => file.result)));
  checkOneRunOnly(files);
  const run = checkOneRun(files);
  const missing = missingSegments(byScenario, run, options.allowPartial === true);
  return [...byScenario.values()].map((group) => {
    const segments: MergedSegments = {
      runId: run.runId,
      profileDigest: run.profileDigest,
      count: run.count,
      merged: group.map((file) => (file.result.segment as SegmentStamp).index).sort((a, b) => a - b),
      missing: missing.get(group[0]?.result.scenario as string) ?? [],
    };
    const merged = mergeLoadResults(
      group.map((file) => file.result),
      { segments },
    );
    const partial = partialNote(merged);
    return partial ? { ...merged, partial } : merged;
  });
}

/** Every file (all of one run id) a segment of the same profile, target and count. */
function checkOneRun(files: readonly ResultFile[]): SegmentStamp {
  const reference = files.find((file) => file.result.segment) as ResultFile;
  const run = reference.result.segment as SegmentStamp;
  const of = (file: ResultFile) => `${file.path} (${file.result.scenario})`;
  const foreign = (file: ResultFile, why: string) =>
    new HarnessError(
      'USAGE',
      `Foreign segment: ${of(file)} ${why}, unlike ${reference.path} (segment ${segmentText(run)} of run ${run.runId})`,
      'merge only the result files of one segmented run: leave out files of other runs, profiles or targets',
    );
  for (const file of files) {
    const stamp = file.result.segment;
    // Files of other runs, or without segments, were refused before (segment-runs.ts).
    if (!stamp) throw foreign(file, 'is not a segment of any run (run without --segment)');
    if (stamp.profileDigest !== run.profileDigest)
      throw foreign(
        file,
        `ran another profile (digest ${stamp.profileDigest.slice(0, 12)}, not ${run.profileDigest.slice(0, 12)})`,
      );
    if (stamp.count !== run.count) throw foreign(file, `is a segment of ${stamp.count}, not of ${run.count}`);
    if ((file.result.target ?? '') !== (reference.result.target ?? ''))
      throw foreign(
        file,
        `loaded target ${file.result.target ?? '(unnamed)'}, not ${reference.result.target ?? '(unnamed)'}`,
      );
  }
  return run;
}

/**
 * Segments missing per scenario; a segment present twice for one scenario is refused naming both files, and
 * missing segments are refused unless the merge allows a partial picture.
 */
function missingSegments(
  byScenario: ReadonlyMap<string, ResultFile[]>,
  run: SegmentStamp,
  allowPartial: boolean,
): Map<string, number[]> {
  const missing = new Map<string, number[]>();
  const groups = new Map(byScenario);
  for (const operation of run.operations) if (!groups.has(operation)) groups.set(operation, []);
  for (const [scenario, group] of groups) {
    const seen = new Map<number, ResultFile>();
    for (const file of group) {
      const index = (file.result.segment as SegmentStamp).index;
      const earlier = seen.get(index);
      if (earlier)
        throw new HarnessError(
          'USAGE',
          `Duplicated segment: segment ${index}/${run.count} of ${scenario} is in ${earlier.path} and in ${file.path}`,
          'merge each segment once: leave out one of the two files',
        );
      seen.set(index, file);
    }
    const absent = Array.from({ length: run.count }, (_, at) => at + 1).filter((index) => !seen.has(index));
    if (absent.length) missing.set(scenario, absent);
  }
  if (missing.size && !allowPartial) {
    const lines = [...missing].map(([scenario, absent]) => `${partialText(run.count, absent)} for ${scenario}`);
    throw new HarnessError(
      'USAGE',
      `Missing segment of run ${run.runId}: ${lines.join('; ')}`,
      "wait for every replica's result files (a replica that never reported may have failed), or judge what arrived with --allow-partial",
    );
  }
  return missing;
}

/** "segments 2/3 missing". */
function partialText(count: number, missing: readonly number[]): string {
  return `segments ${missing.map((index) => `${index}/${count}`).join(', ')} missing`;
}

/** What every report of a partial merge says first ("partial: segments 2/3 missing"); undefined for a whole one. */
export function partialNote(result: Pick<LoadResult, 'segments'>): string | undefined {
  const segments = result.segments;
  return segments?.missing.length ? `partial: ${partialText(segments.count, segments.missing)}` : undefined;
}

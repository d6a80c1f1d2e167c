import { dirname, sep } from 'node:path';
import { HarnessError } from '../core/harness-error.ts';
import type { ResultFile } from './result-file.ts';

/** The files of one run among a merge's inputs: a segmented run by its id, or every file without a segment. */
interface RunGroup {
  /** The run id, or undefined for the files of runs without segments. */
  runId: string | undefined;
  files: ResultFile[];
}

/** The inputs grouped by run, in the order first met. */
function groupsByRun(files: readonly ResultFile[]): RunGroup[] {
  const groups = new Map<string | undefined, RunGroup>();
  for (const file of files) {
    const runId = file.result.segment?.runId;
    const group = groups.get(runId) ?? { runId, files: [] };
    group.files.push(file);
    groups.set(runId, group);
  }
  return [...groups.values()];
}

/** The deepest folder holding every file of a group (a run's folder, for segments written by `load nightly`). */
export function commonFolder(paths: readonly string[]): string {
  const parts = paths.map((path) => dirname(path).split(sep));
  const first = parts[0] ?? [];
  let length = 0;
  while (length < first.length && parts.every((part) => part[length] === first[length])) length += 1;
  return first.slice(0, length).join(sep) || '.';
}

/** One line of the refusal: which run, how many files, where. */
function groupLine({ runId, files }: RunGroup): string {
  const where = commonFolder(files.map((file) => file.path));
  if (runId === undefined)
    return `  results without segments (a run without --segment): ${files.length} file(s) in ${where}, e.g. ${files[0]?.path}`;
  const segments = new Set(files.map((file) => file.result.segment?.index)).size;
  return `  run ${runId}: ${segments} segment(s) of ${files[0]?.result.segment?.count}, ${files.length} file(s) in ${where}`;
}

/**
 * Refuses inputs that hold the segments of more than one run, or segments beside files without any (an earlier
 * run of one machine left in the same folder): each run listed with its folder, and the fix names the folder of
 * the first segmented run. Inputs of one run pass; inputs without any segment are not this check's concern.
 */
export function checkOneRunOnly(files: readonly ResultFile[]): void {
  const groups = groupsByRun(files);
  if (groups.length < 2 || groups.every((group) => group.runId === undefined)) return;
  const segmented = groups.find((group) => group.runId !== undefined) as RunGroup;
  throw new HarnessError(
    'USAGE',
    `The inputs hold the results of ${groups.length} runs, merged one run at a time:\n${groups.map(groupLine).join('\n')}`,
    `merge one run's folder, e.g. harness load merge ${commonFolder(segmented.files.map((file) => file.path))}`,
  );
}

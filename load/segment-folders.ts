import { join } from 'node:path';
import type { SegmentStamp } from './segment.ts';

/*
 * Where a nightly run's result files go: a whole run's in REPORTS/load/nightly/, each segmented run's in a folder
 * of its own, REPORTS/load/nightly/<run id>/segment-I-of-N/, so the segments of one run are merged by naming
 * its folder and never meet the files of another run (an earlier whole run, yesterday's segments).
 */

/** A whole run's folder, and the parent of every segmented run's. */
export const nightlyFolder = (reportsDir: string) => join(reportsDir, 'load', 'nightly');

/** A run id as one folder name: what a path could misread (separators, colons of an ISO time) becomes `-`. */
export function runFolderName(runId: string): string {
  const name = runId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^\.+/, '-');
  return name === '' ? 'run' : name;
}

/** The folder of every segment of one run. */
export const runFolder = (reportsDir: string, runId: string) => join(nightlyFolder(reportsDir), runFolderName(runId));

/** The folder of one segment of one run (emptied before the segment writes its files). */
export const segmentFolder = (reportsDir: string, stamp: Pick<SegmentStamp, 'runId' | 'index' | 'count'>) =>
  join(runFolder(reportsDir, stamp.runId), `segment-${stamp.index}-of-${stamp.count}`);

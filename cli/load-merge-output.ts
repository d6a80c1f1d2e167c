import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { resultFileName, type LoadResult } from '../load/load-result.ts';
import { runFolderName } from '../load/segment-folders.ts';
import { HarnessError } from '../core/harness-error.ts';

/** Where `harness load merge` writes the merged results. */
export type MergeOutput = { to: 'stdout' } | { to: 'file' | 'folder'; path: string };

/** The reports folder merged results go in when no other is named. */
export const defaultReportsDir = 'reports';

/**
 * Where the merged results go, inside the reports folder like every file the harness writes: `--output -` is stdout;
 * an absolute `--output` is taken as given; a relative one is placed in the reports folder (`--reports`, default
 * ./reports) unless it names a path there already (one result: a file; several: a folder of a file each). Without `--output`: one merged result goes to stdout when no
 * reports folder was named either (as before); otherwise REPORTS/load/merged/<run id>/, a file per operation.
 */
export function mergeOutput(
  merged: readonly LoadResult[],
  output: string | undefined,
  reportsDir: string | undefined,
): MergeOutput {
  const reports = reportsDir ?? defaultReportsDir;
  const single = merged.length === 1;
  if (output === '-') {
    if (single) return { to: 'stdout' };
    throw new HarnessError(
      'USAGE',
      `The inputs hold ${merged.length} operations: one merged file each needs a folder, not stdout`,
      'give --output DIR, or leave it out (REPORTS/load/merged/<run id>/)',
    );
  }
  if (output === undefined) {
    if (single && reportsDir === undefined) return { to: 'stdout' };
    const run = merged[0]?.segments?.runId;
    return { to: 'folder', path: join(reports, 'load', 'merged', run ? runFolderName(run) : 'unsegmented') };
  }
  const inReports = !relative(resolve(reports), resolve(output)).startsWith('..');
  const path = isAbsolute(output) || inReports ? output : join(reports, output);
  // One merged result is a file; several, a folder of a file each.
  return { to: single ? 'file' : 'folder', path };
}

/** Writes the merged results where `mergeOutput` said; returns what to tell the user, if anything. */
export function writeMergeOutput(merged: readonly LoadResult[], output: MergeOutput): string | undefined {
  const text = (result: LoadResult) => `${JSON.stringify(result, null, 2)}\n`;
  if (output.to === 'stdout') {
    for (const result of merged) process.stdout.write(text(result));
    return undefined;
  }
  if (output.to === 'file') {
    mkdirSync(join(output.path, '..'), { recursive: true });
    writeFileSync(output.path, text(merged[0] as LoadResult));
    return `merged result: ${output.path}`;
  }
  mkdirSync(output.path, { recursive: true });
  for (const result of merged) writeFileSync(join(output.path, resultFileName(result.scenario)), text(result));
  return `merged results: ${output.path}`;
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadResult } from '../load/load-result.ts';
import { mergeResultFiles, partialNote, type ResultFile } from '../load/segment-merge.ts';
import { loadVerdictLine } from '../reporting/load-summary.ts';
import { loadSummaryTable } from '../reporting/load-summary-table.ts';
import { comparisonTable } from '../reporting/load-comparison-table.ts';
import { HarnessError } from '../core/harness-error.ts';
import { publishLoadSummary, publishNightly } from './load-publish.ts';
import { mergeOutput, writeMergeOutput } from './load-merge-output.ts';
import { reportsPaths } from '../run/paths.ts';

export interface LoadMergeOptions {
  /**
   * The merged result's file; a folder (one file per operation) when the inputs hold several operations; `-` for
   * stdout. A relative path is placed in the reports folder (see load-merge-output.ts). Default: stdout for one
   * result when no reports folder is named, else REPORTS/load/merged/<run id>/.
   */
  output?: string;
  /** Publish like a nightly run of one machine: history (unless partial) and one Allure test per operation. */
  publish?: { reportsDir: string; historyDir?: string };
  /** Judge what arrived when segments are missing (and say so in every report). */
  allowPartial?: boolean;
}

/**
 * `harness load merge FILE|DIR...`: load result files (or `harness load` reports; a folder stands for every
 * .json below it) merged per scenario, segments checked (segment-merge.ts), thresholds judged once on each sum.
 * Exit 0 when every merged result holds, 1 when one does not or when segments are missing (`--allow-partial`: the
 * verdict reads PARTIAL, never PASS), 2 (thrown) for a missing, duplicated or foreign segment, files of several runs
 * or an unreadable file.
 */
export async function runLoadMerge(inputs: readonly string[], options: LoadMergeOptions = {}): Promise<number> {
  const summed = mergeResultFiles(inputs.flatMap(resultFilesAt).map(readResultFile), {
    allowPartial: options.allowPartial === true,
  });
  if (summed.length === 0)
    throw new HarnessError(
      'USAGE',
      `No load result files in ${inputs.join(', ')}`,
      'give result files or folders of them, e.g. harness load merge reports/load/nightly',
    );
  const partial = summed.map(partialNote).find((note) => note !== undefined);
  // Published first (judged against the previous run there): the merged files keep those verdicts.
  // A partial picture would read as a regression tomorrow: charted, not kept in the history.
  const published =
    options.publish &&
    (await publishNightly(summed, { command: 'load merge', ...options.publish, record: partial === undefined }));
  const merged = published?.results ?? summed;
  const written = writeMergeOutput(merged, mergeOutput(merged, options.output, options.publish?.reportsDir));
  if (written) console.error(written);
  if (published && options.publish)
    console.error(
      `history: ${published.historyDir}${published.recorded ? '' : ` (not recorded: ${partial})`}; allure results: ${reportsPaths(options.publish.reportsDir).allureResults}`,
    );
  const comparisons = published?.comparisons ?? [];
  const summary = publishLoadSummary(options.publish?.reportsDir, {
    command: 'load merge',
    ...(merged[0]?.target ? { target: merged[0].target } : {}),
    results: merged,
    interrupted: false,
    comparisons,
  });
  if (summary) console.error(`summary: ${summary}`);
  const table = [loadSummaryTable(merged), comparisonTable(comparisons)].filter(Boolean).join('\n\n');
  console.error(
    `\n${table}\n\n${partial ? `${partial.toUpperCase()}: judged on what arrived\n` : ''}${loadVerdictLine(merged)}`,
  );
  // A partial picture is never a pass: exit 1, its verdict line says PARTIAL.
  return merged.every((result) => result.passed) && partial === undefined ? 0 : 1;
}

/** A file, or every .json file below a folder (a nightly run's folder of segment folders), in name order. */
function resultFilesAt(path: string): string[] {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    throw new HarnessError('USAGE', `${path}: no such file or folder`, 'give result files or folders of them');
  }
  if (!stats.isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? resultFilesAt(join(path, entry.name))
        : entry.name.endsWith('.json')
          ? [join(path, entry.name)]
          : [],
    );
}

function readResultFile(path: string): ResultFile {
  let parsed: { load?: LoadResult } & Partial<LoadResult>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as typeof parsed;
  } catch (error) {
    throw new HarnessError('CONFIG_INVALID', `${path}: not a readable JSON load result (${(error as Error).message})`);
  }
  const result = parsed.format ? (parsed as LoadResult) : parsed.load;
  if (!result) throw new HarnessError('CONFIG_INVALID', `${path}: holds no load result`);
  return { path, result };
}

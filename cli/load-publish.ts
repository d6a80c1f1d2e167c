import { join } from 'node:path';
import type { LoadResult } from '../load/load-result.ts';
import { historyRunOf, operationHistory, readHistory, recordHistory } from '../load/nightly-history.ts';
import { writeLoadAllureResult } from '../reporting/load-allure.ts';
import { loadCharts } from '../reporting/load-charts.ts';
import { reportsPaths } from './paths.ts';

/** Where nightly load keeps its history when no folder is named: under the reports folder. */
export const defaultHistoryDir = (reportsDir: string) => join(reportsDir, 'load', 'history');

/**
 * Tonight's nightly results (one machine's, or merged from several) into the history folder, and one Allure
 * test per operation with its charts: over the run, against the previous run, and the trend over the last
 * runs. A run that was interrupted is charted but not recorded (it would read as a regression tomorrow).
 */
export async function publishNightly(
  results: readonly LoadResult[],
  options: { reportsDir: string; historyDir?: string; record: boolean },
): Promise<{ historyDir: string; recorded?: string }> {
  const historyDir = options.historyDir ?? defaultHistoryDir(options.reportsDir);
  const tonight = historyRunOf(results);
  const earlier = readHistory(historyDir);
  const recorded = options.record && results.length ? recordHistory(historyDir, tonight) : undefined;
  const allureResults = reportsPaths(options.reportsDir).allureResults;
  for (const result of results) {
    const history = operationHistory(earlier, tonight, result.scenario);
    writeLoadAllureResult(allureResults, result, await loadCharts(result, history), undefined, history);
  }
  return { historyDir, ...(recorded ? { recorded } : {}) };
}

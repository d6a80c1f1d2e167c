import { join } from 'node:path';
import type { LoadResult } from '../load/load-result.ts';
import { comparisonOf, type OperationComparison } from '../load/nightly-comparison.ts';
import { historyRunOf, operationHistory, readHistory, recordHistory } from '../load/nightly-history.ts';
import { judgedAgainstPreviousRun } from '../load/versus-previous-run.ts';
import { annotation, loadGitHubAnnotations } from '../reporting/github-actions.ts';
import { loadInvocation } from '../reporting/load-allure.ts';
import { loadAllureSink, loadVerdictSinks } from '../reporting/load-report-sinks.ts';
import { handTo } from '../reporting/report-sink.ts';
import { type LoadSummaryParts, renderLoadSummaryMarkdown } from '../reporting/load-summary-markdown.ts';
import { loadCharts } from '../reporting/load-charts.ts';
import { reportsPaths } from '../run/paths.ts';
import { harnessInvocation } from '../run/replay-invocation.ts';
import { shellWord } from '../client/shell-quote.ts';

/** Where nightly load keeps its history when no folder is named: under the reports folder. */
export const defaultHistoryDir = (reportsDir: string) => join(reportsDir, 'load', 'history');

/**
 * Tonight's nightly results (one machine's, or merged from several) judged against the previous run (thresholds such
 * as `p99 < 1.2x previous`), into the history folder, and one Allure test per operation with its charts: over the run,
 * against the previous run, and the trend over the last runs. A run that was interrupted is charted but not recorded
 * (it would read as a regression tomorrow).
 */
export async function publishNightly(
  results: readonly LoadResult[],
  options: { command: string; reportsDir: string; historyDir?: string; record: boolean },
): Promise<NightlyPublished> {
  const historyDir = options.historyDir ?? defaultHistoryDir(options.reportsDir);
  const earlier = readHistory(historyDir);
  // The thresholds against the previous run are judged first, so the history keeps tonight's final verdicts.
  const measured = historyRunOf(results);
  const judged = results.map((result) =>
    judgedAgainstPreviousRun(result, operationHistory(earlier, measured, result.scenario)),
  );
  const tonight = historyRunOf(judged);
  const recorded = options.record && judged.length ? recordHistory(historyDir, tonight) : undefined;
  const invocation = loadInvocation(options.command);
  // A merge's tests are named apart from one machine's runs of the same operations.
  const merged = options.command === 'load merge';
  const runs = [];
  const comparisons: OperationComparison[] = [];
  for (const result of judged) {
    const history = operationHistory(earlier, tonight, result.scenario);
    if (history) comparisons.push(comparisonOf(history));
    runs.push({ result, charts: await loadCharts(result, history), options: { invocation, history, merged } });
  }
  handTo([loadAllureSink(reportsPaths(options.reportsDir).allureResults)], { runs });
  return { historyDir, ...(recorded ? { recorded } : {}), results: judged, comparisons };
}

/** What publishing a nightly run gave: its results judged against the previous run, and each operation's changes. */
export interface NightlyPublished {
  historyDir: string;
  /** The history file written, unless the run was not recorded. */
  recorded?: string;
  /** The results with their thresholds against the previous run judged: the ones to report and to exit on. */
  results: LoadResult[];
  /** Tonight beside the previous run, one per operation, for the table and the summary. */
  comparisons: OperationComparison[];
}

/**
 * A load command's verdict where CI reads it: REPORTS/load/summary.md (when the command has a reports folder; the
 * conformance run's REPORTS/summary.md stays beside its summary.json and junit.xml) and, under
 * GitHub Actions, the job summary and an `::error` per failed threshold, broken response rule or failed probe rule.
 * Returns the path written, if any.
 */
export function publishLoadSummary(reportsDir: string | undefined, parts: LoadSummaryParts): string | undefined {
  const replay = parts.replay ?? commandLine();
  const markdown = renderLoadSummaryMarkdown({ ...parts, ...(replay ? { replay } : {}) });
  const written = reportsDir ? reportsPaths(reportsDir).loadSummaryMarkdown : undefined;
  const { probe } = parts;
  const annotations =
    probe?.status === 'failed'
      ? [
          annotation(
            'error',
            probe.ruleIds.join(', '),
            `${parts.command}: ${probe.message?.split('\n')[0] ?? 'failed'}`,
          ),
        ]
      : probe
        ? []
        : loadGitHubAnnotations(parts.results, replay);
  handTo(
    loadVerdictSinks(written, process.env, (line) => console.log(line)),
    { markdown, annotations },
  );
  return written;
}

/**
 * This load command's own line, as it was started (`npx harness load …`, or a checkout's `node …/bin/harness.js load
 * …`), to run it again; undefined when this process is not the harness's own (the CLI called in another program).
 */
function commandLine(argv: readonly string[] = process.argv): string | undefined {
  if (argv[2] !== 'load') return undefined;
  return [...harnessInvocation(argv), ...argv.slice(2)].map(shellWord).join(' ');
}

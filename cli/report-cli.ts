import { type Command, parseArguments, printHelp } from './command.ts';
import { historyFileOption } from './option-values.ts';
import { reportsPaths } from '../run/paths.ts';

/* `harness report`: builds the Allure HTML report (reporting/allure-html.ts) from the latest results. */

async function help(): Promise<string> {
  return `harness report [--reports DIR] [--history FILE]

Builds the Allure HTML report from DIR/allure-results (conformance runs and load runs) with Allure 3: one
self-contained file, DIR/allure-report/index.html, that opens in a browser from disk. The folder is emptied
first, so the printed path is always the report just made. Each generation appends to the history file
(default DIR/allure-history.jsonl), so every rule shows its earlier runs; keep the file between CI jobs.
  --reports DIR   the reports folder (default ./reports)
  --history FILE  Allure's history file (default DIR/allure-history.jsonl)`;
}

export const options = { reports: { type: 'string', default: 'reports' }, history: { type: 'string' } } as const;

/** Builds the HTML report of a reports folder's results (also for `harness run --html`) and says where it is. */
export async function buildReport(paths: ReturnType<typeof reportsPaths>, history: unknown): Promise<void> {
  const { buildAllureHtml } = await import('../reporting/allure-html.ts');
  const index = await buildAllureHtml({
    resultsDir: paths.allureResults,
    outputDir: paths.allureHtml,
    historyFile: historyFileOption(history, paths),
  });
  console.log(`allure report: ${index} (one file: open it in a browser from disk)`);
}

async function run(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(help);
  await buildReport(reportsPaths(String(values.reports)), values.history);
  return 0;
}

export const reportCli: Command = {
  name: 'report',
  summary: 'build the Allure HTML report from the latest results',
  help,
  run,
};

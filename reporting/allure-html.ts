import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HarnessError } from '../core/harness-error.ts';
import { historyPathVariable, reportNameVariable } from './allure-config.ts';
import { withoutTrackers } from './report-without-trackers.ts';
import { type AllureResultFile, labelOf, readAllureResults } from './allure-result-files.ts';
import { allureRunSpan, ownDuration, withOwnDuration } from './allure-report-duration.ts';

const require = createRequire(import.meta.url);
// The CLI loads the TypeScript config itself (via jiti), so no config file is written anywhere.
const configFile = fileURLToPath(new URL('./allure-config.ts', import.meta.url));

export interface AllureHtmlPaths {
  resultsDir: string;
  /** The report folder; emptied first, so what it holds is this generation's report alone. */
  outputDir: string;
  /** Allure's history (JSON lines, one entry per generation); kept across runs. Omitted: no history. */
  historyFile?: string;
}

/**
 * Builds the Allure HTML report with the `allure` package (Allure 3, no Java): one self-contained
 * index.html (it opens from disk, and calls no third party), grouped family -> section -> rule. Returns the path of
 * that file. Allure generates into a folder beside the report's, where the page is made the harness's own (no
 * trackers, the runs' own duration); that folder then becomes the report's, so every file of the report is published
 * once, finished.
 */
export async function buildAllureHtml(paths: AllureHtmlPaths): Promise<string> {
  if (!existsSync(paths.resultsDir)) {
    throw new HarnessError('REPORT_FAILED', `No Allure results at ${paths.resultsDir}`, 'run `harness run` first');
  }
  // Allure moves a lone plugin folder up to the root only when the folder holds nothing else: a leftover
  // report would keep the new one in a subfolder while the old index.html stayed at the printed path.
  rmSync(paths.outputDir, { recursive: true, force: true });
  mkdirSync(dirname(resolve(paths.outputDir)), { recursive: true });
  const staging = mkdtempSync(`${resolve(paths.outputDir)}.generating-`);
  try {
    await generateInto(staging, paths);
    renameSync(staging, paths.outputDir);
    return join(paths.outputDir, 'index.html');
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs `allure generate` into `folder` and finishes its page (index.html) there. */
async function generateInto(folder: string, paths: AllureHtmlPaths): Promise<void> {
  if (paths.historyFile) mkdirSync(dirname(resolve(paths.historyFile)), { recursive: true });
  // The package exports no package.json; its CLI sits one folder above the main entry (dist/index.js).
  const cli = join(dirname(require.resolve('allure')), '..', 'cli.js');
  const output: string[] = [];
  const env = { ...process.env };
  if (paths.historyFile) env[historyPathVariable] = resolve(paths.historyFile);
  else delete env[historyPathVariable];
  // Read once: the report's name and its duration both come from them.
  const results = readAllureResults(paths.resultsDir).map(({ result }) => result);
  env[reportNameVariable] = reportName(results);
  const code = await new Promise<number | null>((done) => {
    const child = spawn(
      process.execPath,
      [cli, 'generate', paths.resultsDir, '--config', configFile, '--output', folder],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env,
      },
    );
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', done);
  });
  if (code !== 0)
    throw new HarnessError('REPORT_FAILED', `allure generate failed (exit ${code}):\n${output.join('').slice(-2000)}`);
  const index = join(folder, 'index.html');
  if (!existsSync(index))
    throw new HarnessError(
      'REPORT_FAILED',
      `allure generate wrote no ${join(paths.outputDir, 'index.html')}:\n${output.join('').slice(-2000)}`,
    );
  writeFileSync(index, withoutTrackers(readFileSync(index, 'utf8')));
  sayOwnDuration(results, [index, join(folder, 'summary.json')]);
}

/** The header's duration made the runs' own (allure-report-duration.ts), in the page and Allure's summary.json. */
function sayOwnDuration(results: readonly AllureResultFile[], files: readonly string[]): void {
  const allure = allureRunSpan(results);
  if (!allure) return;
  const duration = ownDuration(results);
  for (const file of files)
    if (existsSync(file)) writeFileSync(file, withOwnDuration(readFileSync(file, 'utf8'), allure, duration));
}

/** The report's name, after what its results are: conformance runs, load runs (Allure feature `load`), or both. */
export function reportName(results: readonly AllureResultFile[]): string {
  const load = results.filter((result) => labelOf(result, 'feature') === 'load').length;
  if (load === 0) return 'API conformance';
  return load === results.length ? 'API load' : 'API conformance and load';
}

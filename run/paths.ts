import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The harness's own folder (where suites/ and the bundled targets.json live). */
export const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** targets.json: the one named, else the working folder's, else the bundled one. */
export function targetsFilePath(explicit: string | undefined): string {
  if (explicit) return resolve(explicit);
  const local = resolve('targets.json');
  return existsSync(local) ? local : join(packageRoot, 'targets.json');
}

export function reportsPaths(reportsDir: string) {
  return {
    root: reportsDir,
    allureResults: join(reportsDir, 'allure-results'),
    allureHtml: join(reportsDir, 'allure-report'),
    /** Allure's run history (JSON lines), kept across runs so every rule shows its earlier verdicts. */
    allureHistory: join(reportsDir, 'allure-history.jsonl'),
    junit: join(reportsDir, 'junit.xml'),
    summary: join(reportsDir, 'summary.json'),
    /** The verdict of the last conformance run as a CI job summary shows it (Markdown), beside summary.json. */
    summaryMarkdown: join(reportsDir, 'summary.md'),
    /** The verdict of the last load command (probe, nightly, merge): its own file, so neither hides the other. */
    loadSummaryMarkdown: join(reportsDir, 'load', 'summary.md'),
    /** The started target's last output lines, written when a rule failed. */
    targetOutput: join(reportsDir, 'target-output.txt'),
    /** What `harness mutants` verified last. */
    mutants: join(reportsDir, 'mutants.json'),
  };
}

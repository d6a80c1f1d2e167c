import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultRedactor } from '../targets/redaction.ts';
import { families } from '../families/index.ts';
import type { LoadResult } from '../load/load-result.ts';
import { runLoad } from '../load/run-load.ts';
import { loadProgressLine } from '../reporting/load-progress-line.ts';
import { loadThresholdsBlock, loadVerdictLine } from '../reporting/load-summary.ts';
import { launchTarget } from '../targets/launch-target.ts';
import { resolveTarget } from '../families/resolve-target.ts';
import { readTargetsFile } from '../targets/load-targets.ts';
import { loadProfileSchema } from '../targets/schema.ts';
import { renderLoadFigures } from './load-command.ts';
import { publishNightly } from './load-publish.ts';
import { listenForInterruption } from './interrupt.ts';
import { reportsPaths } from './paths.ts';
import { ensureBundledReferenceCredentials } from './select-families.ts';

export interface NightlyOptions {
  targetsFile: string;
  target?: string;
  reportsDir: string;
  /** Where the history of nightly runs is kept (tonight against the previous run, trends). Default REPORTS/load/history. */
  historyDir?: string;
  /** Overrides the target entry's profile. */
  rate?: number;
  durationSeconds?: number;
}

/**
 * `harness load nightly`: a bounded constant-rate run of every operation the target's declared families
 * implement (those with a nightly profile), the thresholds from the target entry, the family's response rules
 * checked on every answer. Writes one mergeable result file per operation (reports/load/nightly/) and one
 * Allure test per operation with its charts. Exit 0 within thresholds, 1 not, 2 harness error or interrupted.
 */
export async function runNightly(options: NightlyOptions): Promise<number> {
  const file = readTargetsFile(options.targetsFile);
  ensureBundledReferenceCredentials(process.env, file);
  const target = await resolveTarget(file, options.target, process.env);
  const profile = loadProfileSchema.parse({ ...target.entry.load, ...(options.rate ? { rate: options.rate } : {}), ...(options.durationSeconds ? { durationSeconds: options.durationSeconds } : {}) });
  const declared = families().filter((family) => target.entry.families[family.name] !== undefined);
  console.log(`harness load nightly: target ${target.name}, ${profile.rate} req/s for ${profile.durationSeconds} s per operation (constant rate, at most ${profile.maxInFlight} in flight); thresholds ${profile.thresholds.join(', ')}`);
  const interruption = listenForInterruption();
  const stop = new AbortController();
  void interruption.arrived.then(() => stop.abort());
  const line = loadProgressLine();
  const results: LoadResult[] = [];
  const launched = await launchTarget(target);
  interruption.beforeForcedExit(() => launched.kill());
  try {
    for (const family of declared) {
      const profileOf = family.load?.nightly;
      if (!profileOf) {
        console.log(`${family.name}: no nightly profile yet, not loaded`);
        continue;
      }
      const { scenarios, close } = await profileOf({ section: target.entry.families[family.name], client: target.entry.client, redactor: defaultRedactor, profile });
      try {
        for (const scenario of scenarios) {
          if (stop.signal.aborted) break;
          results.push(await runLoad(scenario, { target: target.name, onProgress: (progress) => line.show(progress), signal: stop.signal }));
          line.stop();
        }
      } finally {
        await close();
      }
    }
  } finally {
    line.stop();
    await launched.stop();
    interruption.dispose();
  }
  const dir = join(options.reportsDir, 'load', 'nightly');
  mkdirSync(dir, { recursive: true });
  const allureResults = reportsPaths(options.reportsDir).allureResults;
  for (const result of results) {
    writeFileSync(join(dir, `${result.scenario.replace(/[^A-Za-z0-9._-]+/g, '-')}.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`${result.interrupted ? 'INTERRUPTED' : result.passed ? 'PASS' : 'FAIL'}    ${result.scenario}: ${renderLoadFigures(result)}`);
  }
  const published = await publishNightly(results, { reportsDir: options.reportsDir, ...(options.historyDir ? { historyDir: options.historyDir } : {}), record: !interruption.signal });
  console.log(`\nresults: ${dir}\nhistory: ${published.historyDir}${published.recorded ? '' : ' (not recorded: interrupted)'}\nallure results: ${allureResults} (harness report builds the HTML)`);
  console.log(`\n${loadThresholdsBlock(results)}\n\n${loadVerdictLine(results, interruption.signal !== undefined)}`);
  if (interruption.signal) return 2;
  return results.every((result) => result.passed) ? 0 : 1;
}

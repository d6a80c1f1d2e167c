import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of an Allure result file this rewrite reads and sets; the rest is kept as written. */
interface AllureResultFile {
  stop?: number;
  status?: string;
  statusDetails?: { message?: string; trace?: string };
}

/**
 * Allure results of the tests that ended once the run was stopping (their `stop` at or after `stoppedAt`,
 * epoch ms) become skipped, "not run: <reason>": what the wind-down did to them (a cancelled test, a closed
 * client) is no verdict on the target, as summary.json and junit.xml say too. Returns how many were rewritten.
 */
export function markInterruptedAllureResults(resultsDir: string, stoppedAt: number, reason: string): number {
  if (!existsSync(resultsDir)) return 0;
  let rewritten = 0;
  for (const name of readdirSync(resultsDir).filter((file) => file.endsWith('-result.json'))) {
    const path = join(resultsDir, name);
    const result = JSON.parse(readFileSync(path, 'utf8')) as AllureResultFile;
    if (result.stop === undefined || result.stop < stoppedAt) continue;
    const rewrittenResult = { ...result, status: 'skipped', statusDetails: { message: `not run: ${reason}` } };
    // In one step: a run killed meanwhile leaves the whole file, old or new.
    writeFileSync(`${path}.tmp`, JSON.stringify(rewrittenResult));
    renameSync(`${path}.tmp`, path);
    rewritten++;
  }
  return rewritten;
}

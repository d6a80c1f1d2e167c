import { rewriteAllureResults } from './allure-result-files.ts';

/**
 * Allure results of the tests that ended once the run was stopping (their `stop` at or after `stoppedAt`,
 * epoch ms) become skipped, "not run: <reason>": what the wind-down did to them (a cancelled test, a closed
 * client) is no verdict on the target, as summary.json and junit.xml say too. Returns how many were rewritten.
 */
export function markInterruptedAllureResults(resultsDir: string, stoppedAt: number, reason: string): number {
  return rewriteAllureResults(resultsDir, (result) =>
    result.stop === undefined || result.stop < stoppedAt
      ? undefined
      : { ...result, status: 'skipped', statusDetails: { message: `not run: ${reason}` } },
  );
}

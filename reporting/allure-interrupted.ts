import { Status, type TestResult } from 'allure-js-commons';

/**
 * A test that ended once the run was stopping (its `stop` at or after `stoppedAt`, epoch ms) is skipped, "not run:
 * <reason>": what the wind-down did to it (a cancelled test, a closed client) is no verdict on the target, as
 * summary.json and junit.xml say too. Any other result is returned as it is.
 */
export function asInterrupted<Result extends Pick<TestResult, 'stop' | 'status' | 'statusDetails'>>(
  result: Result,
  stoppedAt: number,
  reason: string,
): Result {
  if (result.stop === undefined || result.stop < stoppedAt) return result;
  return { ...result, status: Status.SKIPPED, statusDetails: { message: `not run: ${reason}` } };
}

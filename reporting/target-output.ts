import type { Attachment, TestResult } from 'allure-js-commons';
import type { RunSummary } from './run-summary.ts';

/**
 * When a rule failed, what the target itself printed (a container's log, a command's output) often says why: it is
 * written beside the summary and attached to every failed or broken test of the Allure results (`withTargetOutput`,
 * reporting/allure-run-results.ts), when a rule failed or broke. The lines come redacted from the launcher.
 */
export function targetOutputText(summary: Pick<RunSummary, 'counts'>, lines: readonly string[]): string | undefined {
  if (lines.length === 0 || summary.counts.failed + summary.counts.broken === 0) return undefined;
  return `${lines.join('\n')}\n`;
}

/** A failed or broken result with the target's output attached; any other result as it is. */
export function withTargetOutput<Result extends Pick<TestResult, 'status' | 'attachments'>>(
  result: Result,
  output: Attachment,
): Result {
  if (result.status !== 'failed' && result.status !== 'broken') return result;
  return { ...result, attachments: [...(result.attachments ?? []), output] };
}

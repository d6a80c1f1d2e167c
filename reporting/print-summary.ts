import { failureText } from '../suites/support/failure-text.ts';
import type { RunSummary } from './run-summary.ts';

const marks = { passed: 'PASS', failed: 'FAIL', broken: 'BROKEN', waived: 'WAIVED', 'not-applicable': 'N/A' } as const;

/** The terminal summary: one line per rule, then each failure with its evidence and replay line. */
export function renderSummary(summary: RunSummary): string {
  const lines = [`harness run: target ${summary.target}, suite ${summary.suite}, seed ${summary.seed}, ${summary.runs} runs per property`, ''];
  for (const rule of summary.rules) {
    lines.push(`${marks[rule.status].padEnd(7)} ${rule.ruleId}${rule.message && rule.status !== 'failed' ? `  (${rule.message.split('\n')[0]})` : ''}`);
  }
  for (const ruleId of summary.notRun) lines.push(`NOT RUN ${ruleId}  (no test judged this rule)`);
  const failures = summary.rules.filter((rule) => rule.status === 'failed' || rule.status === 'broken');
  for (const failure of failures) lines.push('', `=== ${failure.status.toUpperCase()} ${failure.ruleId}`, failureText(failure, summary.target));
  for (const error of summary.errors) lines.push('', `=== ERROR outside tests: ${error}`);
  const c = summary.counts;
  lines.push(
    '',
    `${summary.verdict.toUpperCase()}: ${c.passed} passed, ${c.failed} failed, ${c.broken} broken, ${c.waived} waived, ${c['not-applicable']} not applicable, ${c['not-run']} not run (${(summary.durationMs / 1000).toFixed(1)} s, ${summary.exchanges} exchanges)`,
  );
  return lines.join('\n');
}

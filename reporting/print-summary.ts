import { failureText } from '../suites/support/failure-text.ts';
import { notRunReason, type RunSummary } from './run-summary.ts';

const marks = { passed: 'PASS', failed: 'FAIL', blocked: 'BLOCKED', broken: 'BROKEN', waived: 'WAIVED', 'not-applicable': 'N/A' } as const;

/** The terminal summary: one line per rule, then each failure with its evidence and replay line. */
export function renderSummary(summary: RunSummary): string {
  const replay = { targetsFile: summary.targetsFile, targetName: summary.target, seed: summary.seed, runs: summary.runs };
  const lines = [`harness run: target ${summary.target}, families ${summary.families.join(', ')}, seed ${summary.seed}, ${summary.runs} runs per property`, ''];
  for (const report of summary.preflight) {
    for (const note of report.notes) lines.push(`preflight ${report.family}: ${note}`);
  }
  for (const rule of summary.rules) {
    lines.push(`${marks[rule.status].padEnd(7)} ${rule.ruleId}${rule.message && rule.status !== 'failed' ? `  (${rule.message.split('\n')[0]})` : ''}`);
  }
  const why = notRunReason(summary);
  for (const ruleId of summary.notRun) lines.push(`NOT RUN ${ruleId}  (${why})`);
  const byId = new Map(summary.rules.map((rule) => [rule.ruleId, rule]));
  for (const cause of summary.rootCauses) {
    const rule = byId.get(cause.ruleId);
    if (!rule) continue;
    if (rule.status === 'blocked') {
      lines.push('', `=== BLOCKED ${rule.ruleId}: ${rule.message ?? ''}`);
      continue;
    }
    lines.push('', `=== ${rule.status.toUpperCase()} ${rule.ruleId}${cause.blocked.length ? ` (blocked ${cause.blocked.length} more: ${cause.blocked.join(', ')})` : ''}`, failureText(rule, replay));
  }
  for (const error of summary.errors) lines.push('', `=== ERROR outside tests: ${error}`);
  const c = summary.counts;
  lines.push(
    '',
    `${summary.stoppedBy === 'max-time' ? `DEADLINE REACHED, ${summary.verdict.toUpperCase()}` : summary.interrupted ? 'INTERRUPTED' : summary.verdict.toUpperCase()}: ${c.passed} passed, ${c.failed} failed, ${c.blocked} blocked, ${c.broken} broken, ${c.waived} waived, ${c['not-applicable']} not applicable, ${c['not-run']} not run (${(summary.durationMs / 1000).toFixed(1)} s, ${summary.exchanges} exchanges)`,
  );
  if (c.failed === 0 && c.blocked > 0) lines.push(`${c.blocked} rule(s) blocked and none failed: the target kept the harness from judging them (see what each was missing above).`);
  return lines.join('\n');
}

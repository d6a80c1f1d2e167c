import { failureText } from '../checks/failure-text.ts';
import type { RuleStatus } from '../rules/rule-outcome.ts';
import { judgedCount, notRunReason, replaySettingsOf, type RuleSummary, type RunSummary } from './run-summary.ts';
import { type Paint, type Palette, palette } from './terminal-colour.ts';

const marks = {
  passed: 'PASS',
  failed: 'FAIL',
  blocked: 'BLOCKED',
  broken: 'BROKEN',
  waived: 'WAIVED',
  'not-applicable': 'N/A',
  'not-run': 'NOT RUN',
} as const;
type Shown = RuleStatus | 'not-run';

/** The order a family's line and its rules are listed in: what needs action first. */
const order: readonly Shown[] = ['failed', 'broken', 'blocked', 'not-run', 'waived', 'not-applicable', 'passed'];
/**
 * The order of a family's subtotals: the verdict first, as the issue's readers expect (passed / failed / blocked / not
 * applicable).
 */
const countOrder: readonly Shown[] = ['passed', 'failed', 'blocked', 'not-applicable', 'broken', 'waived', 'not-run'];
const countWords: Record<Shown, string> = {
  passed: 'passed',
  failed: 'failed',
  blocked: 'blocked',
  broken: 'broken',
  waived: 'waived',
  'not-applicable': 'not applicable',
  'not-run': 'not run',
};

function paintOf(colours: Palette, status: Shown): Paint {
  return {
    passed: colours.green,
    failed: colours.red,
    broken: colours.magenta,
    blocked: colours.yellow,
    'not-run': colours.yellow,
    waived: colours.dim,
    'not-applicable': colours.dim,
  }[status];
}

export interface SummaryStyle {
  /** ANSI colours (a terminal only: see terminal-colour.ts). Default false. */
  colour?: boolean;
}

interface Row {
  ruleId: string;
  status: Shown;
  note?: string;
}

function familyRows(summary: RunSummary, family: string): Row[] {
  const why = notRunReason(summary);
  const own = (ruleId: string, ruleFamily?: string) => (ruleFamily ?? ruleId.split('.')[0]) === family;
  const judged = summary.rules
    .filter((rule) => own(rule.ruleId, rule.family))
    .map(
      (rule: RuleSummary): Row => ({
        ruleId: rule.ruleId,
        status: rule.status,
        ...(rule.message && rule.status !== 'failed' && rule.status !== 'passed'
          ? { note: rule.message.split('\n')[0] }
          : {}),
      }),
    );
  const notRun = summary.notRun
    .filter((ruleId) => own(ruleId))
    .map((ruleId): Row => ({ ruleId, status: 'not-run', note: why }));
  return [...judged, ...notRun];
}

/**
 * The closing summary of a run, read top-down like the test runners users know: per family a subtotal
 * line (passed / failed / blocked / not applicable ...) and the rules that were not passed, then each root
 * failure with its evidence, replay line and the rules it blocked, then one verdict line. Passed rules are
 * counted, not listed (summary.json and junit.xml list them).
 */
export function renderSummary(summary: RunSummary, style: SummaryStyle = {}): string {
  const colours = palette(style.colour ?? false);
  const replay = replaySettingsOf(summary);
  const lines = [
    `harness run: target ${summary.target}, families ${summary.families.join(', ')}, seed ${summary.seed}, ${summary.runs} runs per property`,
    '',
  ];
  for (const report of summary.preflight) {
    for (const note of report.notes) lines.push(`preflight ${report.family}: ${note}`);
  }
  const families = [
    ...new Set([
      ...summary.families,
      ...summary.rules.map((rule) => rule.family),
      ...summary.notRun.map((id) => id.split('.')[0] ?? ''),
    ]),
  ];
  const width = Math.max(...families.map((family) => family.length), 6);
  for (const family of families) {
    const rows = familyRows(summary, family);
    if (rows.length === 0) continue;
    const counts = countOrder
      .map((status) => [status, rows.filter((row) => row.status === status).length] as const)
      .filter(([status, count]) => count > 0 || status === 'passed' || status === 'failed')
      .map(([status, count]) =>
        count > 0 ? paintOf(colours, status)(`${count} ${countWords[status]}`) : `${count} ${countWords[status]}`,
      );
    lines.push(`${colours.bold(family.padEnd(width))}  ${counts.join(', ')}  (${rows.length} rules)`);
    for (const status of order) {
      if (status === 'passed') continue;
      for (const row of rows.filter((candidate) => candidate.status === status)) {
        lines.push(
          `  ${paintOf(colours, status)(marks[status].padEnd(7))} ${row.ruleId}${row.note ? colours.dim(`  (${row.note})`) : ''}`,
        );
      }
    }
  }
  const byId = new Map(summary.rules.map((rule) => [rule.ruleId, rule]));
  const roots = summary.rootCauses.filter((cause) => byId.has(cause.ruleId));
  if (roots.length) lines.push('', colours.bold(`Root causes (${roots.length}), each with the rules it blocked:`));
  for (const cause of roots) {
    const rule = byId.get(cause.ruleId) as RuleSummary;
    if (rule.status === 'blocked') {
      lines.push('', `${paintOf(colours, 'blocked')(`=== BLOCKED ${rule.ruleId}`)}: ${rule.message ?? ''}`);
      continue;
    }
    const blocked = cause.blocked.length ? ` (blocked ${cause.blocked.length} more: ${cause.blocked.join(', ')})` : '';
    lines.push(
      '',
      `${paintOf(colours, rule.status)(`=== ${rule.status.toUpperCase()} ${rule.ruleId}`)}${blocked}`,
      failureText(rule, replay),
    );
  }
  for (const error of summary.errors) lines.push('', colours.magenta(`=== ERROR outside tests: ${error}`));
  const c = summary.counts;
  const headline =
    summary.stoppedBy === 'max-time'
      ? `DEADLINE REACHED, ${summary.verdict.toUpperCase()}`
      : summary.interrupted
        ? 'INTERRUPTED'
        : summary.verdict.toUpperCase();
  const verdictPaint =
    summary.verdict === 'conformant'
      ? colours.green
      : summary.verdict === 'nonconformant'
        ? colours.red
        : colours.magenta;
  lines.push(
    '',
    `${colours.bold(verdictPaint(headline))}: ${c.passed} passed, ${c.failed} failed, ${c.blocked} blocked, ${c.broken} broken, ${c.waived} waived, ${c['not-applicable']} not applicable, ${c['not-run']} not run (${(summary.durationMs / 1000).toFixed(1)} s, ${summary.exchanges} exchanges)`,
  );
  if (!summary.interrupted && judgedCount(summary.rules) === 0)
    lines.push('No rule was judged: a run that judges nothing is no verdict on the target (exit 2).');
  if (c.failed === 0 && c.blocked > 0)
    lines.push(
      `${c.blocked} rule(s) blocked and none failed: the target kept the harness from judging them (see what each was missing above).`,
    );
  return lines.join('\n');
}

import { phaseLinesPerFamily } from '../core/stateful-phase-figures.ts';
import { failureText } from '../engine/failure-text.ts';
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
  return [
    `harness run: target ${summary.target}, families ${summary.families.join(', ')}, seed ${summary.seed}, ${summary.runs} runs per property`,
    '',
    ...summary.preflight.flatMap((report) => report.notes.map((note) => `preflight ${report.family}: ${note}`)),
    ...familyLines(summary, colours),
    ...statefulLines(summary),
    ...rootCauseLines(summary, colours),
    ...summary.errors.flatMap((error) => ['', colours.magenta(`=== ERROR outside tests: ${error}`)]),
    ...verdictLines(summary, colours),
  ].join('\n');
}

/** What the stateful phases ran, per family: sequences and requests. */
function statefulLines(summary: RunSummary): string[] {
  const lines = phaseLinesPerFamily(summary.rules);
  return lines.length
    ? ['', 'stateful phase (sequences of calls against a model of the documents):', ...lines.map((line) => `  ${line}`)]
    : [];
}

/** Per family a subtotal line, then the rules that were not passed, what needs action first. */
function familyLines(summary: RunSummary, colours: Palette): string[] {
  const families = [
    ...new Set([
      ...summary.families,
      ...summary.rules.map((rule) => rule.family),
      ...summary.notRun.map((id) => id.split('.')[0] ?? ''),
    ]),
  ];
  const width = Math.max(...families.map((family) => family.length), 6);
  return families.flatMap((family) => {
    const rows = familyRows(summary, family);
    if (rows.length === 0) return [];
    const counts = countOrder
      .map((status) => [status, rows.filter((row) => row.status === status).length] as const)
      .filter(([status, count]) => count > 0 || status === 'passed' || status === 'failed')
      .map(([status, count]) =>
        count > 0 ? paintOf(colours, status)(`${count} ${countWords[status]}`) : `${count} ${countWords[status]}`,
      );
    const listed = order
      .filter((status) => status !== 'passed')
      .flatMap((status) => rows.filter((row) => row.status === status))
      .map(
        (row) =>
          `  ${paintOf(colours, row.status)(marks[row.status].padEnd(7))} ${row.ruleId}${row.note ? colours.dim(`  (${row.note})`) : ''}`,
      );
    return [`${colours.bold(family.padEnd(width))}  ${counts.join(', ')}  (${rows.length} rules)`, ...listed];
  });
}

/** Each root failure with its evidence, replay line and the rules it blocked. */
function rootCauseLines(summary: RunSummary, colours: Palette): string[] {
  const replay = replaySettingsOf(summary);
  const byId = new Map(summary.rules.map((rule) => [rule.ruleId, rule]));
  const roots = summary.rootCauses.filter((cause) => byId.has(cause.ruleId));
  const lines = roots.length
    ? ['', colours.bold(`Root causes (${roots.length}), each with the rules it blocked:`)]
    : [];
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
  return lines;
}

/** The verdict line with every count, and why a run that judged nothing or only blocked rules is no pass. */
function verdictLines(summary: RunSummary, colours: Palette): string[] {
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
  return [
    '',
    `${colours.bold(verdictPaint(headline))}: ${c.passed} passed, ${c.failed} failed, ${c.blocked} blocked, ${c.broken} broken, ${c.waived} waived, ${c['not-applicable']} not applicable, ${c['not-run']} not run (${(summary.durationMs / 1000).toFixed(1)} s, ${summary.exchanges} exchanges)`,
    ...(!summary.interrupted && judgedCount(summary.rules) === 0
      ? ['No rule was judged: a run that judges nothing is no verdict on the target (exit 2).']
      : []),
    ...(c.failed === 0 && c.blocked > 0
      ? [
          `${c.blocked} rule(s) blocked and none failed: the target kept the harness from judging them (see what each was missing above).`,
        ]
      : []),
  ];
}

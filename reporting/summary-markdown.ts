import { phaseLinesPerFamily } from '../core/stateful-phase-figures.ts';
import type { RuleStatus } from '../rules/rule-outcome.ts';
import { codeSpan, inputLine, replayLine } from './failure-lines.ts';
import { notRunReason, type RuleSummary, type RunSummary } from './run-summary.ts';

type Counted = RuleStatus | 'not-run';
const columns: readonly Counted[] = ['passed', 'failed', 'blocked', 'broken', 'waived', 'not-applicable', 'not-run'];
const headings: Record<Counted, string> = {
  passed: 'passed',
  failed: 'failed',
  blocked: 'blocked',
  broken: 'broken',
  waived: 'waived',
  'not-applicable': 'n/a',
  'not-run': 'not run',
};

/** A table cell or list item stays one line and never opens a table column or a code span of its own. */
export function markdownInline(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').replace(/`/g, "'").trim();
}

/** The first line of a failure's message: what a reader of a job summary needs before opening the report. */
export function firstEvidenceLine(rule: Pick<RuleSummary, 'message'>): string {
  return markdownInline((rule.message ?? '').split('\n').find((line) => line.trim() !== '') ?? '');
}

function headline(summary: RunSummary): string {
  if (summary.stoppedBy === 'max-time') return `DEADLINE REACHED, ${summary.verdict.toUpperCase()}`;
  return summary.interrupted ? 'INTERRUPTED' : summary.verdict.toUpperCase();
}

function familyTable(summary: RunSummary): string[] {
  const familyOf = (ruleId: string, family?: string) => family ?? ruleId.split('.')[0] ?? '';
  const rows = summary.families.map((family) => {
    const counts = new Map<Counted, number>(columns.map((status) => [status, 0]));
    for (const rule of summary.rules)
      if (familyOf(rule.ruleId, rule.family) === family) counts.set(rule.status, (counts.get(rule.status) ?? 0) + 1);
    counts.set('not-run', summary.notRun.filter((ruleId) => familyOf(ruleId) === family).length);
    return `| ${family} | ${columns.map((status) => counts.get(status)).join(' | ')} |`;
  });
  return [
    `| family | ${columns.map((status) => headings[status]).join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
    ...rows,
  ];
}

function ruleList(title: string, rules: readonly RuleSummary[], detail: (rule: RuleSummary) => string): string[] {
  if (rules.length === 0) return [];
  return [
    '',
    `### ${title} (${rules.length})`,
    '',
    ...rules.map(
      (rule) =>
        `- **\`${rule.ruleId}\`** (${rule.severity ? `${rule.severity}; ` : ''}${markdownInline(rule.section)}): ${detail(rule)}`,
    ),
  ];
}

/**
 * reports/summary.md: the verdict of a run as a CI job summary shows it (GitHub's `$GITHUB_STEP_SUMMARY`, a
 * merge request note, a chat message): verdict line, counts per family, then every failed, broken and blocked
 * rule with its section and the first line of its evidence, a failed or broken one with its input and replay line.
 * The full evidence stays in the report files.
 */
export function renderSummaryMarkdown(summary: RunSummary): string {
  const c = summary.counts;
  const mark =
    summary.verdict === 'conformant' && !summary.interrupted ? '✅' : summary.verdict === 'nonconformant' ? '❌' : '⚠️';
  const lines = [
    `## ${mark} harness run: ${headline(summary)}`,
    '',
    `Target \`${markdownInline(summary.target)}\`, seed ${summary.seed}, ${summary.runs} runs per property: ${c.passed} passed, ${c.failed} failed, ${c.blocked} blocked, ${c.broken} broken, ${c['not-run']} not run (${(summary.durationMs / 1000).toFixed(1)} s, ${summary.exchanges} exchanges).`,
    '',
    ...familyTable(summary),
  ];
  const phases = phaseLinesPerFamily(summary.rules);
  if (phases.length) lines.push('', `Stateful phase: ${phases.join('; ')}.`);
  const withStatus = (status: RuleStatus) => summary.rules.filter((rule) => rule.status === status);
  // What a reviewer acts on without opening the report: the input that failed and the line that replays it.
  const withReplay = (rule: RuleSummary) => {
    const input = inputLine(rule);
    return [
      firstEvidenceLine(rule),
      ...(rule.status === 'failed' && rule.quote ? [`  - breaks: ${markdownInline(rule.quote)}`] : []),
      ...(input ? [`  - input: ${codeSpan(input)}`] : []),
      `  - replay: ${codeSpan(replayLine(rule, summary))}`,
    ].join('\n');
  };
  lines.push(...ruleList('Failed', withStatus('failed'), withReplay));
  lines.push(...ruleList('Broken (the harness itself)', withStatus('broken'), withReplay));
  lines.push(
    ...ruleList(
      'Blocked',
      withStatus('blocked'),
      (rule) =>
        `blocked by ${(rule.blockedBy ?? []).map((id) => `\`${id}\``).join(', ') || 'a prerequisite'}: ${firstEvidenceLine(rule)}`,
    ),
  );
  if (summary.notRun.length)
    lines.push(
      '',
      `### Not run (${summary.notRun.length})`,
      '',
      `${notRunReason(summary)}: ${summary.notRun.map((id) => `\`${id}\``).join(', ')}`,
    );
  for (const error of summary.errors) lines.push('', `> Error outside any test: ${markdownInline(error)}`);
  lines.push(
    '',
    'Evidence, curl and replay lines of each rule: `summary.json`, `junit.xml` and the Allure report beside this file.',
    '',
  );
  return lines.join('\n');
}

import type { LoadResult } from '../load/load-result.ts';
import { deliveryLines } from '../load/outputs/load-outputs.ts';
import type { OutputDelivery } from '../load/outputs/output.ts';
import type { OperationComparison } from '../load/nightly-comparison.ts';
import { comparisonRows } from './load-comparison-table.ts';
import { partialNote } from '../load/segment-merge.ts';
import { brokenResponseRuleLines, loadSummaryRows } from './load-summary-table.ts';
import { loadVerdictLine, notCompared, verdictFigureText } from './load-summary.ts';
import { codeSpan } from './failure-lines.ts';
import { markdownInline } from './summary-markdown.ts';

/** What a load command judged beside its runs' thresholds: a probe's rules (the one broken, when it failed). */
export interface ProbeVerdict {
  ruleIds: readonly string[];
  status: 'passed' | 'failed' | 'blocked' | 'interrupted';
  message?: string;
}

export interface LoadSummaryParts {
  /** The command as a reader knows it: `load nightly`, `load merge`, `load token-rate-limit`. */
  command: string;
  target?: string;
  results: readonly LoadResult[];
  interrupted: boolean;
  probe?: ProbeVerdict;
  /** The line that runs the command again, as it was started (`npx harness load …`), when known. */
  replay?: string;
  /** Tonight beside the previous run, per operation (nightly and merge). Default: none, no such section. */
  comparisons?: readonly OperationComparison[];
  /** What each `--out` sink delivered and lost. Default: none, no such section. */
  outputs?: readonly OutputDelivery[];
}

/** The headline's word: INTERRUPTED and PARTIAL (a merge missing segments) are neither a pass nor a fail. */
function verdictWord(parts: LoadSummaryParts): 'PASS' | 'FAIL' | 'INTERRUPTED' | 'PARTIAL' {
  if (parts.interrupted) return 'INTERRUPTED';
  if (parts.results.some((result) => partialNote(result) !== undefined)) return 'PARTIAL';
  const passed = parts.probe ? parts.probe.status === 'passed' : parts.results.every((result) => result.passed);
  return passed ? 'PASS' : 'FAIL';
}

const marks = { PASS: '✅', FAIL: '❌', INTERRUPTED: '⚠️', PARTIAL: '⚠️' } as const;

/** A table of the terminal as a Markdown table, the columns `rightAligned` says (figures) right-aligned. */
function markdownTable(
  { header, rows }: { header: readonly string[]; rows: readonly (readonly string[])[] },
  rightAligned: (column: number) => boolean,
): string[] {
  const line = (cells: readonly string[]) => `| ${cells.map(markdownInline).join(' | ')} |`;
  const align = header.map((_, index) => (rightAligned(index) ? '---:' : '---'));
  return [line(header), `|${align.join('|')}|`, ...rows.map(line)];
}

/** The compact table of the terminal (numbers right-aligned). */
function table(results: readonly LoadResult[]): string[] {
  const rows = loadSummaryRows(results);
  return markdownTable(rows, (index) => index > 0 && index < rows.header.length - 1);
}

/** Every threshold of every run with its ✓ / ✗ mark and the figure read, in the threshold's own unit. */
function thresholdLines(results: readonly LoadResult[]): string[] {
  return results.flatMap((result) => {
    if (result.thresholds.length === 0) return [];
    const partial = partialNote(result);
    const marks = result.thresholds.map(
      (verdict) =>
        `${result.interrupted ? '–' : notCompared(verdict) ? '○' : verdict.passed ? '✓' : '✗'} \`${verdict.threshold}\` (${verdictFigureText(verdict)})`,
    );
    const note = result.interrupted ? ' (interrupted: not judged)' : partial ? ` (${partial})` : '';
    return [`- **${markdownInline(result.scenario)}**${note}: ${marks.join(' · ')}`];
  });
}

/**
 * reports/load/summary.md of a load command (nightly, merge, a probe), as a CI job summary shows it: the verdict, the
 * probe's rule where there is one, the compact table (one row per operation), what changed since the previous run, each threshold with its pass or fail
 * mark, and the response rules broken. The figures stay in the result files.
 */
export function renderLoadSummaryMarkdown(parts: LoadSummaryParts): string {
  const word = verdictWord(parts);
  const lines = [`## ${marks[word]} harness ${parts.command}: ${word}`, ''];
  const about = parts.target ? `Target \`${markdownInline(parts.target)}\`: ` : '';
  if (parts.probe) {
    const { ruleIds, status, message } = parts.probe;
    const rules = `${ruleIds.length > 1 ? 'rules' : 'rule'} ${ruleIds.map((id) => `\`${id}\``).join(', ')}`;
    lines.push(`${about}${rules} ${status}${message ? `: ${markdownInline(message.split('\n')[0] ?? '')}` : ''}`);
  } else lines.push(`${about}${loadVerdictLine(parts.results, parts.interrupted).replace(/^VERDICT: /, '')}`);
  // A merge of some segments says so before its figures, as the terminal does.
  const partial = parts.results.map(partialNote).find((note) => note !== undefined);
  if (partial) lines.push('', `> ${partial}: judged on what arrived`);
  if (parts.results.length) lines.push('', ...table(parts.results));
  if (parts.comparisons?.length)
    lines.push(
      '',
      '### Since the previous run',
      '',
      ...markdownTable(comparisonRows(parts.comparisons), (index) => index > 1),
    );
  const thresholds = thresholdLines(parts.results);
  if (thresholds.length) lines.push('', '### Thresholds', '', ...thresholds);
  const broken = brokenResponseRuleLines(parts.results);
  if (broken.length)
    lines.push('', '### Response rules broken', '', ...broken.map((line) => `- ${markdownInline(line)}`));
  if (parts.outputs?.length)
    lines.push('', '### Outputs', '', ...deliveryLines(parts.outputs).map((line) => `- ${markdownInline(line)}`));
  if (parts.replay) lines.push('', `Replay: ${codeSpan(parts.replay)}`);
  lines.push(
    '',
    'Figures of each operation (HDR histograms, per-second counts): the load result files and the Allure report.',
    '',
  );
  return lines.join('\n');
}

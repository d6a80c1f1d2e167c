import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadResult } from '../load/load-result.ts';
import { partialNote } from '../load/segment-merge.ts';
import { comparisonOf, type OperationComparison } from '../load/nightly-comparison.ts';
import type { OperationHistory } from '../load/nightly-history.ts';
import { ruleStrength, type Severity, severityOf } from '../rules/rule-severity.ts';
import { invocationLabel } from './allure-report-duration.ts';
import type { LoadChart } from './load-charts.ts';
import { notCompared, verdictFigureText } from './load-summary.ts';
import { changeText, figureChangeText, previousRunText, valueText } from './load-comparison-table.ts';

/**
 * A load run as one Allure test in the same results folder as the conformance runs: family -> "load" ->
 * scenario in the report's tree, the figures as parameters, the thresholds as steps, the charts and the
 * result file attached. Written in Allure's result format (a `-result.json` per test, attachments beside it).
 */
export interface LoadVerdictOverride {
  /** A probe's verdict, judged by its rule's check rather than by thresholds. */
  passed: boolean;
  message?: string;
  /** What the probe found, shown as parameters beside the figures. */
  observations?: Record<string, unknown>;
}

export interface LoadAllureOptions {
  /** The command invocation the result belongs to (`loadInvocation`): the report's duration is each one's own. */
  invocation: string;
  verdict?: LoadVerdictOverride;
  history?: OperationHistory;
  /**
   * The result merges several (`harness load merge`): its test is named apart from a single run of the operation,
   * "<operation> (merged)", with a history of its own. Default false.
   */
  merged?: boolean;
}

/** Names one load command's invocation: the command, when it published, and a tag of its own (two may share a ms). */
export const loadInvocation = (command: string) => `${command} ${new Date().toISOString()} ${randomUUID().slice(0, 8)}`;

/**
 * The severity of a load test from the strength of what judged it: a probe's rule or a response rule broken is a MUST
 * (critical); thresholds are pinned by the profile or the target entry (normal); figures nothing judged (trivial).
 */
function loadSeverity(result: LoadResult, verdict: LoadVerdictOverride | undefined): Severity {
  if (verdict || result.violations.length) return severityOf(ruleStrength);
  return severityOf(result.thresholds.length ? 'pinned' : 'observed');
}

export function writeLoadAllureResult(
  resultsDir: string,
  result: LoadResult,
  charts: readonly LoadChart[],
  { invocation, verdict, history, merged }: LoadAllureOptions,
): string {
  mkdirSync(resultsDir, { recursive: true });
  const uuid = randomUUID();
  const attach = (name: string, content: string, type: string, extension: string) => {
    const source = `${randomUUID()}-attachment.${extension}`;
    writeFileSync(join(resultsDir, source), content);
    return { name, source, type };
  };
  const start = Date.parse(result.startedAt);
  const stop = start + Math.round(result.durationSeconds * 1000);
  const message = loadMessage(result, verdict);
  const passed = verdict ? verdict.passed : result.passed;
  const test = {
    uuid,
    ...loadTestNames(result.scenario, merged === true),
    // A partial merge that held on what arrived is no pass: unknown, its message says which segments are missing.
    status: result.interrupted ? 'skipped' : !passed ? 'failed' : partialNote(result) ? 'unknown' : 'passed',
    stage: 'finished',
    start,
    stop,
    ...(message ? { statusDetails: { message } } : {}),
    // Allure shows attachments collapsed, each behind a click, with no setting to open them; its description is open
    // from the start, so the charts are shown there as well (inline SVG, nothing fetched), the attachments kept for
    // download.
    descriptionHtml: [...(history ? [comparisonHtml(comparisonOf(history))] : []), chartsHtml(charts)].join('\n'),
    labels: [
      { name: 'epic', value: result.family },
      { name: 'feature', value: 'load' },
      { name: 'story', value: result.scenario },
      { name: 'suite', value: 'load' },
      { name: 'severity', value: loadSeverity(result, verdict) },
      { name: invocationLabel, value: invocation },
    ],
    // Allure 3 makes a test's history id of its test case and its parameters: tonight's figures are shown but left out
    // of it (excluded), so each operation stays one test across nights, its runs its history.
    parameters: Object.entries(loadParameters(result, verdict, history)).map(([name, value]) => ({
      name,
      value,
      ...(name === 'target' ? {} : { excluded: true }),
    })),
    steps: thresholdSteps(result, start, stop),
    attachments: [
      ...charts.map((chart) => attach(chart.name, chart.svg, 'image/svg+xml', 'svg')),
      attach('load result', JSON.stringify(result, null, 2), 'application/json', 'json'),
    ],
  };
  const path = join(resultsDir, `${uuid}-result.json`);
  writeFileSync(path, JSON.stringify(test));
  return path;
}

/** A test's names: a merge's apart from a single run's, so the report never shows two tests of one name. */
function loadTestNames(scenario: string, merged: boolean) {
  const kind = merged ? 'load-merge' : 'load';
  const name = merged ? `${scenario} (merged)` : scenario;
  return { historyId: `${kind}:${scenario}`, testCaseId: `${kind}:${scenario}`, fullName: `load: ${name}`, name };
}

/**
 * Why the test has its status: the probe's message, else the failed thresholds and the first broken response rule;
 * an interrupted run and a partial merge say so first.
 */
function loadMessage(result: LoadResult, verdict: LoadVerdictOverride | undefined): string {
  const failed = result.thresholds.filter((threshold) => !threshold.passed);
  const [breach] = result.violations;
  const judged = [
    ...failed.map((threshold) => `threshold ${threshold.threshold} failed: ${verdictFigureText(threshold)}`),
    ...(breach ? [`${breach.count} response(s) broke ${breach.ruleId}: ${breach.message}`] : []),
  ].join('\n');
  const verdictMessage = verdict ? (verdict.message ?? '') : judged;
  // An interrupted run is shown, not judged: skipped, never passed (nor failed on a partial figure).
  const judgedMessage = result.interrupted
    ? `interrupted after ${round(result.durationSeconds)} s: the thresholds were not judged${verdictMessage ? `\n${verdictMessage}` : ''}`
    : verdictMessage;
  // A merge of some segments only says so first, whatever its verdict.
  const partial = partialNote(result);
  return partial ? `${partial}: judged on what arrived${judgedMessage ? `\n${judgedMessage}` : ''}` : judgedMessage;
}

/** The test's parameters: what a probe observed, the run's figures, its segments and the change since the last run. */
function loadParameters(
  result: LoadResult,
  verdict: LoadVerdictOverride | undefined,
  history: OperationHistory | undefined,
): Record<string, string> {
  const partial = partialNote(result);
  const comparison = history && comparisonOf(history);
  return {
    ...Object.fromEntries(
      Object.entries(verdict?.observations ?? {}).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ),
    ...figureParameters(result),
    ...(result.segments
      ? {
          segments: `${result.segments.merged.length} of ${result.segments.count} (run ${result.segments.runId})${partial ? `; ${partial}` : ''}`,
        }
      : {}),
    ...(comparison ? comparisonParameters(comparison) : {}),
  };
}

/** Each figure since the previous run ("previous → tonight (change)"), and when that run was, or that there was none. */
function comparisonParameters(comparison: OperationComparison): Record<string, string> {
  return {
    'previous run': previousRunText(comparison),
    ...(comparison.previousRunAt
      ? Object.fromEntries(
          comparison.figures.map((figure) => [`since previous run: ${figure.name}`, figureChangeText(figure)]),
        )
      : {}),
  };
}

/** The same as a small table at the top of the test's page, which opens with it: a row per figure. */
function comparisonHtml(comparison: OperationComparison): string {
  if (!comparison.previousRunAt)
    return `<p><b>Previous run</b>: ${escapeHtml(previousRunText(comparison))}; tonight's figures are kept for the next.</p>`;
  const cells = (tag: string, texts: readonly string[]) =>
    `<tr>${texts.map((text, index) => `<${tag} style="padding:2px 12px;text-align:${index ? 'right' : 'left'}">${escapeHtml(text)}</${tag}>`).join('')}</tr>`;
  return [
    `<p><b>Since the previous run</b> (${escapeHtml(previousRunText(comparison))})</p>`,
    '<table style="border-collapse:collapse;margin:0 0 16px">',
    cells('th', ['figure', 'previous', 'tonight', 'change']),
    ...comparison.figures.map((figure) =>
      cells('td', [
        figure.name,
        valueText(figure, figure.previous),
        valueText(figure, figure.tonight),
        changeText(figure) ?? '-',
      ]),
    ),
    '</table>',
  ].join('');
}

/** The run's figures as the report shows them. */
function figureParameters(result: LoadResult): Record<string, string> {
  return {
    target: result.target ?? '',
    model:
      result.model === 'open'
        ? 'open (constant rate, latency from each due time)'
        : 'closed (each connection awaits its answer)',
    'offered rate (req/s)': String(result.offered.rate ?? 'as fast as possible'),
    connections: String(result.offered.connections),
    'duration (s)': String(round(result.durationSeconds)),
    sent: String(result.sent),
    'achieved rate (req/s)': String(round(result.achievedRate)),
    dropped: String(result.dropped),
    'response time p50 (ms)': String(result.latencyMs.p50),
    'response time p99 (ms)': String(result.latencyMs.p99),
    'response time max (ms)': String(result.latencyMs.max),
    'service time p50 (ms)': String(result.serviceTimeMs.p50),
    'service time p99 (ms)': String(result.serviceTimeMs.p99),
    statuses: Object.entries(result.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', '),
    'without a response': String(result.errors),
    runs: String(result.runs),
  };
}

/** Each threshold as a step, passed or failed, with the figure it was judged on. */
function thresholdSteps(result: LoadResult, start: number, stop: number) {
  return result.thresholds.map((verdict) => ({
    name: `${verdict.threshold} (actual ${verdictFigureText(verdict)})`,
    // Against the previous run with none to compare with: observed, neither a pass nor a fail.
    status: notCompared(verdict) ? 'skipped' : verdict.passed ? 'passed' : 'failed',
    stage: 'finished',
    start,
    stop,
    steps: [],
    attachments: [],
    parameters: [],
  }));
}

const round = (value: number) => Math.round(value * 1000) / 1000;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The charts one under the other, each under its name, at their own size. Each is an image of a data: URL: Allure
 * sanitises a description and drops inline SVG, not images.
 */
function chartsHtml(charts: readonly LoadChart[]): string {
  return charts
    .map(
      (chart) =>
        `<figure style="margin:0 0 16px"><figcaption><b>${escapeHtml(chart.name)}</b></figcaption><img alt="${escapeHtml(chart.name)}" src="data:image/svg+xml;base64,${Buffer.from(chart.svg).toString('base64')}"></figure>`,
    )
    .join('\n');
}

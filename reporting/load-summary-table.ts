import { LatencyHistogram } from '../load/latency-histogram.ts';
import type { LoadResult } from '../load/load-result.ts';
import { notCompared, verdictFigureText } from './load-summary.ts';

const columns = [
  'operation',
  'offered',
  'achieved',
  'avg',
  'p50',
  'p90',
  'p95',
  'p99',
  'max',
  'errors',
  'dropped',
  'data in',
  'data out',
  'thresholds',
] as const;
export const ms = (value: number) =>
  `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value)}ms`;
export const rate = (value: number | null) => (value === null ? 'max' : `${Math.round(value * 10) / 10}/s`);
/** Bytes in k6's decimal units (B, kB, MB, GB); `-` for a result written before data was counted. */
const data = (bytes: number | undefined) => {
  if (bytes === undefined) return '-';
  const [unit, size] = (
    [
      ['GB', 1e9],
      ['MB', 1e6],
      ['kB', 1e3],
    ] as const
  ).find(([, size]) => bytes >= size) ?? ['B', 1];
  const value = bytes / size;
  return `${size === 1 ? value : value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value)} ${unit}`;
};

/**
 * A run's thresholds in one cell: all held, each one that failed with the figure read in its unit, or none judged
 * (interrupted).
 */
function thresholdsCell(result: LoadResult): string {
  if (result.interrupted) return 'interrupted: not judged';
  const failed = result.thresholds.filter((verdict) => !verdict.passed);
  if (failed.length === 0) {
    const observed = result.thresholds.filter(notCompared).length;
    const held = result.thresholds.length - observed;
    const marks = [
      ...(held ? [`✓ ${held}/${held}`] : []),
      ...(observed ? [`${observed} observed (no previous run)`] : []),
    ];
    return marks.length ? marks.join(' · ') : '-';
  }
  return failed.map((verdict) => `✗ ${verdict.threshold}: ${verdictFigureText(verdict)}`).join('; ');
}

function row(result: LoadResult): string[] {
  const histogram = LatencyHistogram.decode(result.latencyHistogram);
  const latency = result.latencyMs;
  return [
    result.scenario,
    rate(result.offered.rate),
    rate(result.achievedRate),
    ms(latency.mean),
    ms(latency.p50),
    ms(latency.p90),
    ms(histogram.at(95)),
    ms(latency.p99),
    ms(latency.max),
    String(result.errors),
    String(result.dropped),
    data(result.data?.received),
    data(result.data?.sent),
    thresholdsCell(result),
  ];
}

/** The table's header and one row of cells per run, for the terminal and for summary.md alike. */
export function loadSummaryRows(results: readonly LoadResult[]): { header: string[]; rows: string[][] } {
  return { header: columns.map(String), rows: results.map(row) };
}

/** One line per response rule broken, under the table. */
export function brokenResponseRuleLines(results: readonly LoadResult[]): string[] {
  return results.flatMap((result) =>
    result.violations.map(
      (violation) =>
        `✗ ${result.scenario}: ${violation.ruleId}: ${violation.count} response(s) broke it: ${violation.message}`,
    ),
  );
}

/**
 * The closing summary of a run of many operations, as compact as k6's: one row per operation (offered and
 * achieved rate, response time avg / p50 / p90 / p95 / p99 / max, requests without a response, dropped, data
 * in and out, the thresholds with ✓ / ✗ marks and the failed ones' figures), then one line per broken response rule.
 */
export function loadSummaryTable(results: readonly LoadResult[]): string {
  const { header, rows } = loadSummaryRows(results);
  return [
    ...alignedTable(header, rows, (index) => index > 0 && index < columns.length - 1),
    ...brokenResponseRuleLines(results),
  ].join('\n');
}

/**
 * A table for the terminal: the header, a rule under it, then the rows; every column padded to its widest cell
 * (right-aligned where `rightAligned` says: figures), the last left as it is.
 */
export function alignedTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: (column: number) => boolean,
): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, index) => Math.max(...all.map((cells) => (cells[index] ?? '').length)));
  const lines = all.map((cells) =>
    cells
      .map((cell, index) =>
        index === header.length - 1
          ? cell
          : rightAligned(index)
            ? cell.padStart(widths[index] ?? 0)
            : cell.padEnd(widths[index] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, '-'.repeat(Math.min(160, (lines[0] ?? '').length)));
  return lines;
}

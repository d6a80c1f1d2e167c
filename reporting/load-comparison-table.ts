import type { FigureComparison, OperationComparison } from '../load/nightly-comparison.ts';
import { alignedTable, ms, rate } from './load-summary-table.ts';

/**
 * What changed since the previous run, one row per operation: the previous run's rate, p50, p95, p99 and error rate
 * beside tonight's, with the change (a ratio as a percentage; the error rate in percentage points). The terminal and
 * load/summary.md (so the job summary) show the same cells.
 */

const header = ['operation', 'previous run', 'rate', 'p50', 'p95', 'p99', 'error rate'];

/** A figure in its unit, as the load table writes it. */
export function valueText(figure: FigureComparison, value: number | undefined): string {
  if (value === undefined) return '-';
  if (figure.unit === 'ms') return ms(value);
  if (figure.unit === 'req/s') return rate(value);
  return `${Math.round(value * 100) / 100}%`;
}

/** The change: the error rate in percentage points (from 0 no ratio reads), every other figure as a percentage. */
export function changeText(figure: FigureComparison): string | undefined {
  const signed = (value: number, unit: string) => `${value > 0 ? '+' : ''}${value}${unit}`;
  if (figure.unit === '%')
    return figure.delta === undefined ? undefined : signed(Math.round(figure.delta * 100) / 100, ' pp');
  if (figure.ratio !== undefined) return signed(Math.round((figure.ratio - 1) * 1000) / 10, '%');
  return figure.delta === undefined ? undefined : signed(figure.delta, ` ${figure.unit}`);
}

/**
 * "previous → tonight (change)", "- → tonight" where the previous run did not keep the figure; tonight's alone on the
 * first night (`compared` false).
 */
export function figureChangeText(figure: FigureComparison, compared = true): string {
  const tonight = valueText(figure, figure.tonight);
  if (!compared) return tonight;
  const change = changeText(figure);
  return `${valueText(figure, figure.previous)} → ${tonight}${change ? ` (${change})` : ''}`;
}

/** When the previous run started, to the minute (UTC), or that there was none. */
export const previousRunText = (comparison: OperationComparison): string =>
  comparison.previousRunAt ? `${comparison.previousRunAt.slice(0, 16).replace('T', ' ')} UTC` : 'none (first run)';

/** The header and one row of cells per operation, for the terminal and summary.md alike. */
export function comparisonRows(comparisons: readonly OperationComparison[]): { header: string[]; rows: string[][] } {
  return {
    header,
    rows: comparisons.map((comparison) => [
      comparison.scenario,
      previousRunText(comparison),
      ...comparison.figures.map((figure) => figureChangeText(figure, comparison.previousRunAt !== undefined)),
    ]),
  };
}

/** The terminal's table of changes since the previous run, under its title; nothing without an operation. */
export function comparisonTable(comparisons: readonly OperationComparison[]): string {
  if (comparisons.length === 0) return '';
  const { rows } = comparisonRows(comparisons);
  return [
    'since the previous run (previous → tonight, change):',
    ...alignedTable(header, rows, (column) => column > 1),
  ].join('\n');
}

import type { PreviousRunMetric, ThresholdMetric } from '../core/load-threshold.ts';
import type { OperationFigures, OperationHistory } from './nightly-history.ts';

/**
 * Tonight beside the previous run, per operation: the figures the nightly history keeps (rate, p50, p95, p99, error
 * rate), each with its change. The terminal table, load/summary.md, the job summary, the Allure test and the
 * thresholds against the previous run (`p99 < 1.2x previous`) all read them here.
 */

export type ComparedFigureName = 'rate' | 'p50' | 'p95' | 'p99' | 'error rate';

interface ComparedFigure {
  name: ComparedFigureName;
  unit: 'req/s' | 'ms' | '%';
  /** The figure in the threshold's unit (ms, req/s, a fraction); undefined where the run did not keep it. */
  read(figures: OperationFigures): number | undefined;
  /** From the threshold's unit to the one shown (a fraction to %). */
  shown: number;
}

/** Each figure compared, keyed by how a threshold names it; in the order the tables show them. */
export const comparedFigures: Readonly<Record<PreviousRunMetric, ComparedFigure>> = {
  rps: { name: 'rate', unit: 'req/s', read: (figures) => figures.rate, shown: 1 },
  p50: { name: 'p50', unit: 'ms', read: (figures) => figures.p50, shown: 1 },
  p95: { name: 'p95', unit: 'ms', read: (figures) => figures.p95, shown: 1 },
  p99: { name: 'p99', unit: 'ms', read: (figures) => figures.p99, shown: 1 },
  'rate(non-2xx)': { name: 'error rate', unit: '%', read: (figures) => figures.errorRate, shown: 100 },
};

/** One figure of tonight beside the previous run's, in the unit shown. */
export interface FigureComparison {
  name: ComparedFigureName;
  unit: ComparedFigure['unit'];
  tonight?: number;
  /** Absent without a previous run, or where it did not keep the figure (p95 before it was kept). */
  previous?: number;
  /** tonight / previous: absent where either is missing or the previous is 0. */
  ratio?: number;
  /** tonight - previous, in the unit shown (percentage points for the error rate). */
  delta?: number;
}

export interface OperationComparison {
  scenario: string;
  /** When the previous run started; absent on the first night (nothing to compare with). */
  previousRunAt?: string;
  figures: FigureComparison[];
}

/** Tonight's figures of an operation beside the previous run's, each with its ratio and difference. */
export function comparisonOf(history: OperationHistory): OperationComparison {
  const { tonight, previous } = history;
  const figures = Object.values(comparedFigures).map(({ name, unit, read, shown }): FigureComparison => {
    const now = scaled(read(tonight), shown);
    const before = previous && scaled(read(previous), shown);
    const both = now !== undefined && before !== undefined;
    return {
      name,
      unit,
      ...(now !== undefined ? { tonight: now } : {}),
      ...(before !== undefined ? { previous: before } : {}),
      ...(both && before !== 0 ? { ratio: round(now / before) } : {}),
      ...(both ? { delta: round(now - before) } : {}),
    };
  });
  return { scenario: tonight.scenario, ...(previous ? { previousRunAt: previous.runAt } : {}), figures };
}

/** How a threshold against the previous run names its figure (`p99`, `rps`, `rate(non-2xx)`). */
export function previousRunMetricOf(metric: ThresholdMetric): PreviousRunMetric | undefined {
  const named =
    metric.kind === 'rps'
      ? 'rps'
      : metric.kind === 'latency'
        ? `p${metric.statistic}`
        : metric.kind === 'rate'
          ? `rate(${metric.of})`
          : undefined;
  return named !== undefined && named in comparedFigures ? (named as PreviousRunMetric) : undefined;
}

const scaled = (value: number | undefined, by: number) => (value === undefined ? undefined : round(value * by));
const round = (value: number) => Math.round(value * 1000) / 1000;

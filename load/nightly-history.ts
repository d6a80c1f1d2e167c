import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LatencyHistogram } from './latency-histogram.ts';
import type { LoadResult } from './load-result.ts';
import { countOf } from './thresholds.ts';

/**
 * The memory of nightly load: one file per run (the figures of each operation, a few numbers each), kept in a
 * folder under reports/ (configurable), so tonight's run is compared with the previous one and charted over
 * the last runs. Only figures are kept; the full results stay in their own files.
 */

export const historyFormat = 'harness-load-history/1';
/** How many runs the trend charts show. */
export const trendRuns = 30;

const operationFiguresSchema = z.object({
  scenario: z.string(),
  family: z.string(),
  /** Response time (from the due time), ms. */
  p50: z.number(),
  /** Absent in runs recorded before it was kept. */
  p95: z.number().optional(),
  p99: z.number(),
  /** Requests sent per second. */
  rate: z.number(),
  /** Requests due that did not end in a 2xx: non-2xx answers, no answer, dropped. */
  errors: z.number().int().min(0),
  /** errors / requests due. */
  errorRate: z.number().min(0).max(1),
  passed: z.boolean(),
});

const historyRunSchema = z.object({
  format: z.literal(historyFormat),
  /** When the run started (ISO 8601): runs are ordered by it. */
  runAt: z.string(),
  target: z.string().optional(),
  /** Machines whose results this run merges (1 for a single machine). */
  machines: z.number().int().min(1).default(1),
  operations: z.array(operationFiguresSchema),
});

export type OperationFigures = z.infer<typeof operationFiguresSchema>;
export type HistoryRun = z.infer<typeof historyRunSchema>;

export function figuresOfResult(result: LoadResult): OperationFigures {
  const due = countOf('all', result.statuses, 0) + result.errors + result.dropped;
  const errors = due - countOf('2xx', result.statuses, 0);
  return {
    scenario: result.scenario,
    family: result.family,
    p50: result.latencyMs.p50,
    p95: round(LatencyHistogram.decode(result.latencyHistogram).at(95)),
    p99: result.latencyMs.p99,
    rate: round(result.achievedRate),
    errors,
    errorRate: due === 0 ? 0 : errors / due,
    passed: result.passed,
  };
}

export function historyRunOf(results: readonly LoadResult[]): HistoryRun {
  const [first] = results;
  const starts = results.map((result) => Date.parse(result.startedAt));
  return {
    format: historyFormat,
    runAt: new Date(starts.length ? Math.min(...starts) : Date.now()).toISOString(),
    ...(first?.target ? { target: first.target } : {}),
    machines: Math.max(1, ...results.map((result) => result.runs)),
    operations: results.map(figuresOfResult),
  };
}

/** Every run kept in the folder, oldest first; a file that is not a history run is left out (and left alone). */
export function readHistory(dir: string): HistoryRun[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const runs: HistoryRun[] = [];
  for (const name of names) {
    try {
      const parsed = historyRunSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      if (parsed.success) runs.push(parsed.data);
    } catch {
      // unreadable: not ours
    }
  }
  return runs.sort((a, b) => Date.parse(a.runAt) - Date.parse(b.runAt));
}

/** Adds a run to the folder (one file, named by its start and a discriminator so machines never collide). */
export function recordHistory(dir: string, run: HistoryRun): string {
  mkdirSync(dir, { recursive: true });
  const path = join(
    dir,
    `${run.runAt.replace(/[:.]/g, '-')}-${(run.target ?? 'target').replace(/[^A-Za-z0-9_-]+/g, '-')}-${process.pid}.json`,
  );
  writeFileSync(path, `${JSON.stringify(run, null, 2)}\n`);
  return path;
}

/**
 * One operation across runs: the previous run's figures (if any) and the last `trendRuns` runs' figures, tonight's
 * last.
 */
export interface OperationHistory {
  tonight: OperationFigures & { runAt: string };
  previous?: OperationFigures & { runAt: string };
  trend: (OperationFigures & { runAt: string })[];
}

/**
 * What the history says of `scenario` given tonight's run (which may already be recorded: it is not its own previous).
 */
export function operationHistory(
  history: readonly HistoryRun[],
  tonight: HistoryRun,
  scenario: string,
): OperationHistory | undefined {
  const at = (run: HistoryRun) => {
    const figures = run.operations.find((operation) => operation.scenario === scenario);
    return figures && { ...figures, runAt: run.runAt };
  };
  const current = at(tonight);
  if (!current) return undefined;
  const earlier = history
    .filter((run) => Date.parse(run.runAt) < Date.parse(tonight.runAt) && (run.target ?? '') === (tonight.target ?? ''))
    .flatMap((run) => at(run) ?? []);
  const previous = earlier.at(-1);
  return { tonight: current, ...(previous ? { previous } : {}), trend: [...earlier.slice(-(trendRuns - 1)), current] };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

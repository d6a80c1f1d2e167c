import { type AllureResultFile, labelOf } from './allure-result-files.ts';

/**
 * The label naming the command invocation a result came from (`load nightly 2026-11-26T06:40:00.000Z`). Conformance
 * results carry none: `harness run` empties the results folder first, so those in it are one run's.
 */
export const invocationLabel = 'harness invocation';

export interface RunSpan {
  start: number;
  stop: number;
  duration: number;
}

/** Allure's own header figure (plugin-awesome `getRunSummary`): first start to last stop over every result. */
export function allureRunSpan(results: readonly AllureResultFile[]): RunSpan | undefined {
  const timed = results.filter(
    (result): result is AllureResultFile & { start: number; stop: number } =>
      Number.isFinite(result.start) && Number.isFinite(result.stop),
  );
  if (timed.length === 0) return undefined;
  const start = Math.min(...timed.map((result) => result.start));
  const stop = Math.max(...timed.map((result) => result.stop));
  return { start, stop, duration: Math.max(0, stop - start) };
}

/**
 * How long the runs in a results folder took themselves: each invocation's first start to last stop, the spans added
 * up (overlapping ones counted once). The folder is shared by a conformance run and the load commands after it, so
 * Allure's own figure (first start to last stop of everything) counts the hours between them as if a run had lasted
 * that long.
 */
export function ownDuration(results: readonly AllureResultFile[]): number {
  const groups = new Map<string, AllureResultFile[]>();
  for (const result of results) {
    const key = labelOf(result, invocationLabel) ?? '';
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  const spans = [...groups.values()]
    .map(allureRunSpan)
    .filter((span): span is RunSpan => span !== undefined)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let reached = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    total += Math.max(0, span.stop - Math.max(span.start, reached));
    reached = Math.max(reached, span.stop);
  }
  return total;
}

/**
 * The report's header says the runs' own duration: Allure writes its first-start-to-last-stop span into the page's
 * options (`runSummary`, `runSummaryByEnv`) and into summary.json, with no setting to change it; each copy of that
 * span gets `duration` replaced. Text without it is returned as it is.
 */
export function withOwnDuration(text: string, allure: RunSpan, duration: number): string {
  const written = `"start":${allure.start},"stop":${allure.stop},"duration":${allure.duration}`;
  return text.replaceAll(written, `"start":${allure.start},"stop":${allure.stop},"duration":${duration}`);
}

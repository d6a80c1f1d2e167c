import { defaultRedactor } from '../../../core/redaction.ts';
import { latencySummary, loadResultFormat, type LoadResult } from '../../../load/load-result.ts';
import { RunRecorder } from '../../../load/run-recorder.ts';
import type { LabelledResult } from '../../../load/outputs/output.ts';

/**
 * A result as a run records it, from made-up answers: per second (epoch s), the response times of each status, the
 * requests without an answer and those dropped. The recorder is the engines' own, so per-second counts and histograms
 * are what a real run writes.
 */
export interface RecordedSecond {
  at: number;
  answers: Record<string, number[]>;
  errors?: number;
  dropped?: number;
}

export function recordedResult(
  seconds: readonly RecordedSecond[],
  scenario = 'nightly shortener mappings',
): LoadResult {
  const recorder = new RunRecorder({ name: scenario }, defaultRedactor);
  for (const { at, answers, errors = 0, dropped = 0 } of seconds) {
    const now = at * 1000 + 500;
    for (const [status, times] of Object.entries(answers))
      for (const ms of times) recorder.timed(Number(status), ms, ms, now);
    for (let i = 0; i < errors; i++) recorder.failed(false, now);
    for (let i = 0; i < dropped; i++) recorder.droppedOne(now);
  }
  const sent = Object.values(recorder.statuses).reduce((total, count) => total + count, 0) + recorder.errors;
  return {
    format: loadResultFormat,
    scenario,
    family: 'shortener',
    target: 'reference',
    startedAt: new Date((seconds[0]?.at ?? 0) * 1000).toISOString(),
    durationSeconds: seconds.length,
    model: 'open',
    offered: { rate: 10, connections: 1, durationSeconds: seconds.length, maxRequests: 1000, maxInFlight: 10 },
    sent,
    dropped: recorder.dropped,
    achievedRate: sent / seconds.length,
    runs: 1,
    statuses: recorder.statuses,
    errors: recorder.errors,
    timeouts: 0,
    byLabel: {},
    latencyMs: latencySummary(recorder.responseTime),
    latencyHistogram: recorder.responseTime.encode(),
    serviceTimeMs: latencySummary(recorder.serviceTime),
    serviceTimeHistogram: recorder.serviceTime.encode(),
    perSecond: recorder.perSecond(),
    samples: {},
    violations: [],
    thresholds: [],
    passed: true,
  };
}

/** The labels of segment `segment` of run `runId`. */
export function labelled(result: LoadResult, runId = 'run-1', segment = '1/1'): LabelledResult {
  return {
    result,
    labels: { run_id: runId, target: 'reference', family: result.family, operation: result.scenario, segment },
  };
}

/** Two seconds of answers: 200s and a 503, one request without an answer, two dropped. */
export const twoSeconds = (start = Math.floor(Date.now() / 1000) - 10): RecordedSecond[] => [
  { at: start, answers: { '200': [1.5, 2.5, 3.5], '503': [40] }, errors: 1, dropped: 2 },
  { at: start + 1, answers: { '200': [10, 20] } },
];

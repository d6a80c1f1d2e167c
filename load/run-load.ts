import { defaultRedactor, type Redactor } from '../core/redaction.ts';
import { HarnessError } from '../core/harness-error.ts';
import { runClosedLoop } from './closed-loop-run.ts';
import { judged, latencySummary, loadResultFormat, type LoadResult } from './load-result.ts';
import { defaultMaxInFlight, runOpenModel } from './open-model-run.ts';
import { RunRecorder } from './run-recorder.ts';
import type { EngineOutcome, LoadBase } from './load-engine.ts';
import type { LoadProgress } from './load-progress.ts';
import type { LoadScenario } from './scenario.ts';

export interface LoadRunOptions {
  /** Named in the result. */
  target?: string;
  onProgress?: (progress: LoadProgress) => void;
  /** Stops the run early (Ctrl-C, a cancelled job); the result covers what was sent and is marked interrupted. */
  signal?: AbortSignal;
  /** Redacts the samples kept in the result. Default: the process's redactor (which knows the run's secrets). */
  redactor?: Redactor;
  /** Thresholds as written, judged on the result. Default: the scenario's. */
  thresholdTexts?: readonly string[];
}

/**
 * Runs a scenario and returns a plain result. A scenario with a rate runs in the open model (its own
 * scheduler over undici: every request has a due time, latency counts from it, a stall shows in the tail);
 * bursts (`bursts: true`, the rate-limit probes) and as-fast-as-possible runs use the closed model (closed-loop-run.ts,
 * connections of its own on node:net). Both are bounded
 * by duration, request count and a deadline of their own; every request goes to the scenario's base URL.
 * Nothing is printed here.
 */
export async function runLoad(scenario: LoadScenario, options: LoadRunOptions = {}): Promise<LoadResult> {
  const base = baseOf(scenario.baseUrl);
  // Paths are checked before any traffic: a path that would leave the base URL is a configuration error.
  for (const request of scenario.requests) base.path(request.path);
  const recorder = new RunRecorder(scenario, options.redactor ?? defaultRedactor);
  const open = scenario.rate !== undefined && !scenario.bursts;
  const startedAt = Date.now();
  const progress = options.onProgress && setInterval(() => options.onProgress?.(recorder.progress(startedAt)), 1000);
  let outcome: EngineOutcome;
  try {
    outcome = open
      ? await runOpenModel(scenario, base, recorder, options.signal)
      : await runClosedLoop(scenario, base, recorder, options.signal);
  } finally {
    if (progress) clearInterval(progress);
  }
  const durationSeconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
  return judged(
    {
      format: loadResultFormat,
      scenario: scenario.name,
      family: scenario.family,
      ...(options.target ? { target: options.target } : {}),
      startedAt: new Date(startedAt).toISOString(),
      durationSeconds,
      model: open ? 'open' : 'closed',
      offered: {
        rate: scenario.rate ?? null,
        connections: outcome.connections,
        durationSeconds: scenario.durationSeconds,
        maxRequests: scenario.maxRequests,
        ...(open ? { maxInFlight: scenario.maxInFlight ?? defaultMaxInFlight } : {}),
      },
      runs: 1,
      sent: outcome.sent,
      dropped: recorder.dropped,
      achievedRate: outcome.achievedRate,
      data: outcome.bytes,
      statuses: recorder.statuses,
      errors: recorder.errors,
      timeouts: recorder.timeouts,
      byLabel: recorder.byLabel,
      latencyMs: latencySummary(recorder.responseTime),
      latencyHistogram: recorder.responseTime.encode(),
      serviceTimeMs: latencySummary(recorder.serviceTime),
      serviceTimeHistogram: recorder.serviceTime.encode(),
      perSecond: recorder.perSecond(),
      samples: recorder.samples,
      violations: recorder.violations,
      // Stopped by the caller's signal (Ctrl-C, a cancelled job) before the scenario's own end.
      ...(options.signal?.aborted ? { interrupted: true as const } : {}),
    },
    options.thresholdTexts ?? scenario.thresholds.map((threshold) => threshold.text),
    recorder.responseTime,
  );
}

/** The origin requests go to and the base path every scenario path is put under; paths cannot leave it. */
function baseOf(baseUrl: string): LoadBase {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new HarnessError('CONFIG_INVALID', `The base URL ${JSON.stringify(baseUrl)} of a load scenario is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HarnessError('CONFIG_INVALID', `A load scenario needs an http(s) base URL, got ${url.protocol}`);
  const prefix = url.pathname.replace(/\/+$/, '');
  return {
    origin: url.origin,
    path(path: string): string {
      if (!path.startsWith('/') || path.startsWith('//') || /[\s#]/.test(path)) {
        throw new HarnessError(
          'CONFIG_INVALID',
          `A load scenario's path must be relative to the base URL (start with one "/"), got ${JSON.stringify(path)}`,
        );
      }
      return `${prefix}${path}`;
    },
  };
}

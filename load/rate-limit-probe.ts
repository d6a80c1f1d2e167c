import type { ProbeStep, RateLimitFinding } from '../checks/rate-limit-finding.ts';
import type { Exchange } from '../client/http-exchange.ts';
import type { RateLimitProbeSettings } from '../targets/rate-limit-probe.ts';
import { addCounts, type LoadResult, type ResponseViolation } from './load-result.ts';
import { mergeLoadResults } from './load-merge.ts';
import { observedExchange } from './observed-exchange.ts';
import { awaitQuietWindow, pause } from './quiet-window.ts';
import { runLoad, type LoadRunOptions } from './run-load.ts';
import type { LoadRequest, LoadScenario, ObservedResponse } from './scenario.ts';

/**
 * A rate-limited operation as data: what to send, how to judge each response, and one valid request
 * through the harness's client for the recovery check. A new rate-limited operation is one of these.
 */
export interface RateLimitedOperation {
  /** The scenario's name, as `harness load` offers it. */
  name: string;
  family: string;
  baseUrl: string;
  /** Sent in turn; give two labels (the plain path and a variant) to catch a limit some paths escape. */
  requests: readonly LoadRequest[];
  checkResponse?: LoadScenario['checkResponse'];
  /** One valid request sent through the harness's client, after backing off: it must not be limited. */
  sendOne(): Promise<Exchange>;
}

/** What the probe found (judged by checks/rate-limit-probed.ts), with every step's run merged. */
export interface RateLimitProbeResult extends RateLimitFinding {
  /** Responses that broke a response rule of the family, over every step, each with a sample. */
  violations: ResponseViolation[];
  /** Every step's run merged: latency, statuses over time. */
  load?: LoadResult;
}

export interface ProbeOptions extends Pick<LoadRunOptions, 'onProgress' | 'signal' | 'redactor' | 'target'> {
  /** Narrow the limit down (within `tolerance`) after the first 429s. Default true. */
  narrow?: boolean;
  /** Narrowing stops when the clean and limited rates are this close (a fraction of the clean one). Default 0.05. */
  tolerance?: number;
  /** Told each step as it ends. */
  onStep?: (step: ProbeStep) => void;
}

/** A saturating step offers this many times the limit: most requests are limited, on every path alike. */
const saturationFactor = 3;
/**
 * A label is judged unlimited only where at least this share of the saturating step's answers were 429 (about
 * two thirds when every path is limited; under a half when one of two paths escapes the limit).
 */
const hardLimitedShare = 0.3;
const longestRetryAfterSeconds = 10;

/**
 * Finds a rate limit by load: offers `startRate` requests per second and doubles it until 429s appear
 * (never above `maxRate`), estimates the limit from what the target accepts while limited, narrows it down
 * between the highest clean rate and the lowest limited one, saturates once at three times the limit to see
 * every request variant limited, and checks recovery. It starts from a quiet window (see quiet-window.ts), and
 * each step is followed by a pause for the limit's window (or the Retry-After, if longer). Bounded by
 * `maxRequests` and `maxSeconds` overall, the quiet wait by a quarter of `maxSeconds` besides.
 */
export async function probeRateLimit(
  operation: RateLimitedOperation,
  settings: RateLimitProbeSettings,
  options: ProbeOptions = {},
): Promise<RateLimitProbeResult> {
  // A quarter of the probe's time at most: the steps keep their budget (counted from the first burst).
  const quiet = await awaitQuietWindow(
    () => operation.sendOne(),
    settings.recoverySeconds,
    settings.maxSeconds / 4,
    options.signal,
  );
  const startedAt = Date.now();
  const tolerance = options.tolerance ?? 0.05;
  const steps: ProbeStep[] = [];
  const results: LoadResult[] = [];
  let requests = 0;
  let retryAfterSeconds = 0;
  let stoppedBy: RateLimitProbeResult['stoppedBy'];
  let limitedSample: ObservedResponse | undefined;
  let unlimitedLabels: string[] = [];

  const elapsed = () => (Date.now() - startedAt) / 1000;
  let unanswered = false;
  /** What stops a step at this rate before it starts, if anything. */
  const stopBefore = (rate: number): RateLimitProbeResult['stoppedBy'] | undefined => {
    if (options.signal?.aborted) return 'interrupted';
    if (unanswered) return 'unresponsive';
    if (requests + rate * settings.stepSeconds > settings.maxRequests) return 'max-requests';
    if (elapsed() + settings.stepSeconds + settings.recoverySeconds > settings.maxSeconds) return 'max-seconds';
    return undefined;
  };
  const affordable = (rate: number) => {
    const reason = stopBefore(rate);
    if (reason) stoppedBy = reason;
    return reason === undefined;
  };
  const run = async (rate: number, phase: ProbeStep['phase']): Promise<ProbeStep> => {
    const result = await runLoad(
      {
        name: operation.name,
        family: operation.family,
        baseUrl: operation.baseUrl,
        requests: operation.requests,
        rate,
        bursts: true,
        connections: settings.concurrency,
        // A step of n seconds offers exactly n bursts of `rate` (the request bound) and ends when the last is answered;
        // the second beyond n lets a burst that a busy target or machine answers slowly be sent whole, not cut.
        durationSeconds: settings.stepSeconds + 1,
        maxRequests: Math.ceil(rate * settings.stepSeconds),
        // An answer slower than the step itself tells nothing about the rate: a hung request must not hold the probe.
        timeoutSeconds: settings.stepSeconds + 1,
        thresholds: [],
        ...(operation.checkResponse ? { checkResponse: operation.checkResponse } : {}),
      },
      {
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.redactor ? { redactor: options.redactor } : {}),
        ...(options.target ? { target: options.target } : {}),
      },
    );
    results.push(result);
    const answered = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
    requests += answered + result.errors;
    unanswered = answered === 0 || result.errors > answered;
    const limitedCount = result.statuses['429'] ?? 0;
    const step: ProbeStep = {
      rate,
      phase,
      statuses: result.statuses,
      acceptedPerSecond: (answered - limitedCount) / settings.stepSeconds,
      limited: limitedCount > 0,
    };
    steps.push(step);
    options.onStep?.(step);
    if (step.limited) {
      limitedSample ??= result.samples['429'];
      const retryAfter = Number(result.samples['429']?.headers['retry-after']);
      if (Number.isFinite(retryAfter))
        retryAfterSeconds = Math.min(longestRetryAfterSeconds, Math.max(retryAfterSeconds, retryAfter));
    }
    // The limit's window must pass before the next step, or that step would be judged on this one's requests.
    await pause(Math.max(settings.recoverySeconds, step.limited ? retryAfterSeconds : 0), options.signal);
    return step;
  };

  // Stepping: double until limited.
  let clean = 0;
  let firstLimited: ProbeStep | undefined;
  for (let rate = settings.startRate; ; rate = Math.min(settings.maxRate, rate * 2)) {
    if (!affordable(rate)) break;
    const step = await run(rate, 'step');
    if (step.limited) {
      firstLimited = step;
      break;
    }
    clean = rate;
    if (rate >= settings.maxRate) {
      stoppedBy = 'max-rate';
      break;
    }
  }

  let limit: number | undefined;
  let acceptedWhileLimited: number | undefined;
  if (firstLimited) {
    acceptedWhileLimited = firstLimited.acceptedPerSecond;
    // Narrowing: the estimate first, then a step above the highest clean rate, else halves.
    let high = firstLimited.rate;
    let next = Math.min(high - 1, Math.max(clean + 1, Math.round(acceptedWhileLimited)));
    while (
      options.narrow !== false &&
      high - clean > Math.max(1, Math.ceil(tolerance * clean)) &&
      next > clean &&
      affordable(next)
    ) {
      const step = await run(next, 'narrow');
      if (step.limited) high = next;
      else clean = next;
      next = step.limited
        ? Math.floor((clean + high) / 2)
        : Math.min(high - 1, clean + Math.max(1, Math.ceil(tolerance * clean)));
    }
    limit = options.narrow !== false && clean > 0 ? clean : Math.round(acceptedWhileLimited);
    // Saturating: every request variant must meet the limit when most requests are over it.
    const saturating = Math.min(settings.maxRate, Math.max(high, saturationFactor * Math.max(1, limit)));
    if (operation.requests.length > 1 && affordable(saturating)) {
      await run(saturating, 'saturate');
      const saturated = results.at(-1) as LoadResult;
      const answered = Object.values(saturated.statuses).reduce((sum, count) => sum + count, 0);
      // Judged only where most requests were over the limit: near it, which requests meet the 429s is down to arrival
      // order.
      if ((saturated.statuses['429'] ?? 0) / Math.max(1, answered) >= hardLimitedShare)
        unlimitedLabels = labelsNeverLimited(saturated.byLabel);
    }
  }

  const recovery =
    firstLimited && !options.signal?.aborted
      ? { waitedSeconds: Math.max(settings.recoverySeconds, retryAfterSeconds), exchange: await operation.sendOne() }
      : undefined;
  const load = results.length ? mergeLoadResults(results) : undefined;
  const limitedRequest = limitedSample && operation.requests.find((request) => request.label === limitedSample?.label);
  return {
    operation: operation.name,
    quiet,
    steps,
    limited: firstLimited !== undefined,
    ...(limit !== undefined ? { limit } : {}),
    ...(acceptedWhileLimited !== undefined ? { acceptedWhileLimited } : {}),
    ...(firstLimited ? { firstLimitedRate: firstLimited.rate } : {}),
    stepSeconds: settings.stepSeconds,
    unlimitedLabels,
    ...(limitedSample && limitedRequest
      ? { limitedExchange: observedExchange(operation.baseUrl, limitedRequest, limitedSample) }
      : {}),
    ...(recovery ? { recovery } : {}),
    ...(stoppedBy && (!firstLimited || stoppedBy !== 'max-rate') ? { stoppedBy } : {}),
    requests,
    seconds: elapsed(),
    violations: load?.violations ?? [],
    violationExchanges: (load?.violations ?? []).flatMap((violation) => {
      const request = operation.requests.find((candidate) => candidate.label === violation.sample.label);
      return request ? [observedExchange(operation.baseUrl, request, violation.sample)] : [];
    }),
    ...(load ? { load } : {}),
  };
}

/**
 * Labels whose answers had no 429 while the step's others did, and were accepted (a path the target refuses is not a
 * bypass).
 */
function labelsNeverLimited(byLabel: Readonly<Record<string, Record<string, number>>>): string[] {
  const limited = Object.values(byLabel).some((counts) => (counts['429'] ?? 0) > 0);
  if (!limited) return [];
  return Object.entries(byLabel)
    .filter(
      ([, counts]) => (counts['429'] ?? 0) === 0 && Object.entries(counts).some(([status]) => status.startsWith('2')),
    )
    .map(([label]) => label);
}

/** Every status count of the steps, summed (for reports). */
export function statusesOfSteps(steps: readonly ProbeStep[]): Record<string, number> {
  return steps.reduce((sum, step) => addCounts(sum, step.statuses), {} as Record<string, number>);
}

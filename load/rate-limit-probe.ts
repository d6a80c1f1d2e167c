import { clientError } from '../client/client-errors.ts';
import type { ProbeStep, QuietWindow, RateLimitFinding } from '../checks/rate-limit-finding.ts';
import type { Exchange } from '../client/http-exchange.ts';
import type { RateLimitProbeSettings } from '../targets/rate-limit-probe-bounds.ts';
import { addCounts, type LoadResult, type ResponseViolation } from './load-result.ts';
import { mergeLoadResults } from './load-merge.ts';
import { observedExchange } from './observed-exchange.ts';
import { awaitQuietWindow } from './quiet-window.ts';
import {
  boundsOf,
  doubling,
  firstLimitedOf,
  labelsEscapingLimit,
  limitOf,
  narrowing,
  saturatingRate,
} from './rate-limit-probe-phases.ts';
import { type ProbedOperation, ProbeSession, type ProbeStepOptions } from './rate-limit-probe-session.ts';
import type { LoadRequest, ObservedResponse } from './scenario.ts';

/**
 * A rate-limited operation as data: what to send, how to judge each response, and one valid request
 * through the harness's client for the recovery check. A new rate-limited operation is one of these.
 */
export interface RateLimitedOperation extends ProbedOperation {
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

export interface ProbeOptions extends ProbeStepOptions {
  /** Narrow the limit down (within `tolerance`) after the first 429s. Default true. */
  narrow?: boolean;
  /** Narrowing stops when the clean and limited rates are this close (a fraction of the clean one). Default 0.05. */
  tolerance?: number;
}

/** What stepping, narrowing and saturating found of the limit, before recovery. */
interface LimitFound {
  firstLimited: ProbeStep;
  limit: number;
  unlimitedLabels: string[];
}

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
  const session = new ProbeSession(operation, settings, options);
  await session.follow('step', doubling(settings));
  const firstLimited = firstLimitedOf(session.steps);
  const found = firstLimited && (await findLimit(session, operation, settings, options, firstLimited));
  const recovery =
    firstLimited && !options.signal?.aborted
      ? {
          waitedSeconds: Math.max(settings.recoverySeconds, session.retryAfterSeconds),
          exchange: await operation.sendOne(),
        }
      : undefined;
  return probeResult(operation, settings, session, { quiet, found, recovery });
}

/** After the first limited step: narrows the limit down, then saturates to see every request variant limited. */
async function findLimit(
  session: ProbeSession,
  operation: RateLimitedOperation,
  settings: RateLimitProbeSettings,
  options: ProbeOptions,
  firstLimited: ProbeStep,
): Promise<LimitFound> {
  const narrow = options.narrow !== false;
  const tolerance = options.tolerance ?? 0.05;
  if (narrow)
    await session.follow('narrow', narrowing(boundsOf(session.steps), firstLimited.acceptedPerSecond, tolerance));
  const bounds = boundsOf(session.steps);
  const enforced = Math.round(firstLimited.acceptedPerSecond);
  const limit = narrow && bounds.clean > 0 ? limitOf(bounds, enforced, tolerance) : enforced;
  const saturating = saturatingRate(settings, bounds, limit);
  const unlimitedLabels =
    operation.requests.length > 1 && session.affordable(saturating)
      ? await labelsEscapingSaturation(session, saturating)
      : [];
  return { firstLimited, limit, unlimitedLabels };
}

/** Saturating: every request variant must meet the limit when most requests are over it. */
async function labelsEscapingSaturation(session: ProbeSession, rate: number): Promise<string[]> {
  await session.step(rate, 'saturate');
  const saturated = session.results.at(-1) as LoadResult;
  return labelsEscapingLimit(saturated.byLabel);
}

/** The probe's finding as the checks judge it, with every step's run merged and the evidence as exchanges. */
function probeResult(
  operation: RateLimitedOperation,
  settings: RateLimitProbeSettings,
  session: ProbeSession,
  { quiet, found, recovery }: { quiet: QuietWindow; found?: LimitFound; recovery?: RateLimitFinding['recovery'] },
): RateLimitProbeResult {
  const load = session.results.length ? mergeLoadResults(session.results) : undefined;
  const { stoppedBy, limitedSample } = session;
  const limitedRequest = limitedSample && requestLabelled(operation, limitedSample.label);
  // The latest step that kept an answer (a last step whose requests all broke off keeps none).
  const lastSample = session.results
    .map((result) => Object.values(result.samples ?? {})[0])
    .filter((sample) => sample !== undefined)
    .at(-1);
  const lastRequest = lastSample && requestLabelled(operation, lastSample.label);
  return {
    operation: operation.name,
    quiet,
    steps: session.steps,
    limited: found !== undefined,
    ...(found
      ? {
          limit: found.limit,
          acceptedWhileLimited: found.firstLimited.acceptedPerSecond,
          firstLimitedRate: found.firstLimited.rate,
        }
      : {}),
    stepSeconds: settings.stepSeconds,
    unlimitedLabels: found?.unlimitedLabels ?? [],
    ...(limitedSample && limitedRequest
      ? { limitedExchange: observedExchange(operation.baseUrl, limitedRequest, limitedSample) }
      : {}),
    ...lastAnswerOf(operation, session, lastSample && lastRequest && { request: lastRequest, sample: lastSample }),
    ...(recovery ? { recovery } : {}),
    ...(stoppedBy && (!found || stoppedBy !== 'max-rate') ? { stoppedBy } : {}),
    requests: session.requests,
    seconds: session.elapsed(),
    violations: load?.violations ?? [],
    violationExchanges: (load?.violations ?? []).flatMap((violation) => {
      const request = requestLabelled(operation, violation.sample.label);
      return request ? [observedExchange(operation.baseUrl, request, violation.sample)] : [];
    }),
    ...(load ? { load } : {}),
  };
}

/**
 * The evidence of a probe that met no 429: the latest answer a step kept, or, where no body ever arrived whole (a
 * target closing every connection mid-body), the status line the last step counted, with the body's failure; where
 * not even a status line came back (every connection reset or closed first), the request offered, with that failure.
 */
function lastAnswerOf(
  operation: RateLimitedOperation,
  session: ProbeSession,
  kept: { request: LoadRequest; sample: ObservedResponse } | undefined | false,
): Pick<RateLimitFinding, 'lastAnswer'> {
  if (kept) return { lastAnswer: observedExchange(operation.baseUrl, kept.request, kept.sample) };
  const status = session.results
    .flatMap((result) => Object.keys(result.statuses).map(Number))
    .filter((code) => code > 0)
    .at(-1);
  const request = operation.requests[0];
  if (!request) return {};
  if (status === undefined) {
    // Not one status line came back: the request the probe offered, with what became of every one of them.
    const { response: _none, ...offered } = observedExchange(operation.baseUrl, request, {
      label: request.label,
      status: 0,
      headers: {},
      body: '',
    });
    return {
      lastAnswer: {
        ...offered,
        error: clientError(
          'CONNECTION_RESET',
          `no request of the probe got a status line (${session.requests} offered): each connection ended first`,
        ),
      },
    };
  }
  const answer: ObservedResponse = { label: request.label, status, headers: {}, body: '' };
  const exchange = observedExchange(operation.baseUrl, request, answer);
  return {
    lastAnswer: {
      ...exchange,
      error: clientError('BODY_INCOMPLETE', `status ${status} arrived; no body of the step arrived whole`),
    },
  };
}

function requestLabelled(operation: RateLimitedOperation, label: string): LoadRequest | undefined {
  return operation.requests.find((request) => request.label === label);
}

/** Every status count of the steps, summed (for reports). */
export function statusesOfSteps(steps: readonly ProbeStep[]): Record<string, number> {
  return steps.reduce((sum, step) => addCounts(sum, step.statuses), {} as Record<string, number>);
}

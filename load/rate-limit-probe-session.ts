import type { ProbeStep, RateLimitFinding } from '../checks/rate-limit-finding.ts';
import type { RateLimitProbeSettings } from '../targets/rate-limit-probe-bounds.ts';
import type { LoadResult } from './load-result.ts';
import { pause } from './quiet-window.ts';
import { runLoad, type LoadRunOptions } from './run-load.ts';
import type { LoadRequest, LoadScenario, ObservedResponse } from './scenario.ts';

/** Why a probe ended before narrowing finished or a 429 appeared. */
export type ProbeStopReason = NonNullable<RateLimitFinding['stoppedBy']>;

/**
 * A phase of the probe as data: it yields the rates to offer in turn, is told each step's outcome, and returns why it
 * ended the probe, if it did. The session runs it while the probe's bounds allow.
 */
export type RatePlan = Generator<number, ProbeStopReason | undefined, ProbeStep>;

/** What a step is sent to and how each response is judged. */
export interface ProbedOperation {
  /** The scenario's name, as `harness load` offers it. */
  name: string;
  family: string;
  baseUrl: string;
  /** Sent in turn; give two labels (the plain path and a variant) to catch a limit some paths escape. */
  requests: readonly LoadRequest[];
  checkResponse?: LoadScenario['checkResponse'];
}

export interface ProbeStepOptions extends Pick<LoadRunOptions, 'onProgress' | 'signal' | 'redactor' | 'target'> {
  /** Told each step as it ends. */
  onStep?: (step: ProbeStep) => void;
}

const longestRetryAfterSeconds = 10;

/**
 * The probe's account as it goes: every step and its run, the requests spent, the longest Retry-After met, the first
 * 429, and what stopped the probe. Each step is followed by a pause for the limit's window (or the Retry-After).
 */
export class ProbeSession {
  readonly steps: ProbeStep[] = [];
  readonly results: LoadResult[] = [];
  requests = 0;
  retryAfterSeconds = 0;
  stoppedBy: ProbeStopReason | undefined;
  limitedSample: ObservedResponse | undefined;
  /** The last step had no answer, or more errors than answers: the probe stops. */
  private unanswered = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly operation: ProbedOperation,
    private readonly settings: RateLimitProbeSettings,
    private readonly options: ProbeStepOptions,
  ) {}

  elapsed(): number {
    return (Date.now() - this.startedAt) / 1000;
  }

  /** Whether a step at this rate fits the probe's bounds; if not, why not is kept as what stopped the probe. */
  affordable(rate: number): boolean {
    const reason = this.stopBefore(rate);
    if (reason) this.stoppedBy = reason;
    return reason === undefined;
  }

  /** Offers a phase's rates in turn while they are affordable. */
  async follow(phase: ProbeStep['phase'], plan: RatePlan): Promise<void> {
    let next = plan.next();
    while (!next.done) {
      if (!this.affordable(next.value)) return;
      next = plan.next(await this.step(next.value, phase));
    }
    if (next.value) this.stoppedBy = next.value;
  }

  /** Offers `rate` for the step's seconds, records what the target answered, and waits out the limit's window. */
  async step(rate: number, phase: ProbeStep['phase']): Promise<ProbeStep> {
    const result = await runLoad(stepScenario(this.operation, this.settings, rate), stepRunOptions(this.options));
    this.results.push(result);
    const answered = answeredCount(result.statuses);
    this.requests += answered + result.errors;
    this.unanswered = answered === 0 || result.errors > answered;
    const limitedCount = result.statuses['429'] ?? 0;
    // A step lasts its seconds, or as long as its answers took: a burst answered over more than its second did not
    // offer its rate to the target's window.
    const lasted = Math.max(this.settings.stepSeconds, result.durationSeconds);
    const step: ProbeStep = {
      rate,
      phase,
      statuses: result.statuses,
      acceptedPerSecond: (answered - limitedCount) / lasted,
      reachedPerSecond: result.sent / lasted,
      limited: limitedCount > 0,
    };
    this.steps.push(step);
    this.options.onStep?.(step);
    if (step.limited) this.noteLimited(result);
    // The limit's window must pass before the next step, or that step would be judged on this one's requests.
    await pause(
      Math.max(this.settings.recoverySeconds, step.limited ? this.retryAfterSeconds : 0),
      this.options.signal,
    );
    return step;
  }

  /** What stops a step at this rate before it starts, if anything. */
  private stopBefore(rate: number): ProbeStopReason | undefined {
    const { settings } = this;
    if (this.options.signal?.aborted) return 'interrupted';
    if (this.unanswered) return 'unresponsive';
    if (this.requests + rate * settings.stepSeconds > settings.maxRequests) return 'max-requests';
    if (this.elapsed() + settings.stepSeconds + settings.recoverySeconds > settings.maxSeconds) return 'max-seconds';
    return undefined;
  }

  /** Keeps the first 429 as evidence and the longest Retry-After (within bounds) as the wait after a limited step. */
  private noteLimited(result: LoadResult): void {
    this.limitedSample ??= result.samples['429'];
    const retryAfter = Number(result.samples['429']?.headers['retry-after']);
    if (Number.isFinite(retryAfter))
      this.retryAfterSeconds = Math.min(longestRetryAfterSeconds, Math.max(this.retryAfterSeconds, retryAfter));
  }
}

/** Every answer of a run's counts per status (or of one label's), 429s included (errors are not answers). */
export function answeredCount(statuses: Readonly<Record<string, number>>): number {
  return Object.values(statuses).reduce((sum, count) => sum + count, 0);
}

/** One step as a load run: bursts of `rate` requests, one a second. */
function stepScenario(operation: ProbedOperation, settings: RateLimitProbeSettings, rate: number): LoadScenario {
  return {
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
  };
}

function stepRunOptions(options: ProbeStepOptions): LoadRunOptions {
  return {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.redactor ? { redactor: options.redactor } : {}),
    ...(options.target ? { target: options.target } : {}),
  };
}

import { type ProbeStep, type QuietWindow, type RateLimitFinding, reachedRate } from './rate-limit-finding.ts';
import type { RateLimitPin } from '../targets/rate-limit-probe-bounds.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/** How long the target was left alone before the first burst, in words. */
function quietText(quiet: QuietWindow): string {
  const until = quiet.quiet ? 'until one was not limited' : 'none served without 429 before the wait reached its bound';
  return `${quiet.waitedSeconds.toFixed(1)} s left alone (${quiet.singleRequests} single request(s), ${until})`;
}

/** A step reached less than its rate, in words ('' where it reached it): the rate its requests went at. */
function reachedText(step: ProbeStep): string {
  const reached = reachedRate(step);
  return reached < step.rate ? ` (${reached}/s reached)` : '';
}

/**
 * Where the steps reached well below the highest rate offered (their answers took longer than the steps' seconds:
 * a target slower than the rates, or a busy machine), the rate they reached, in words.
 */
function reachedBelowOffered(finding: RateLimitFinding, highest: number): string {
  const reached = Math.max(0, ...finding.steps.map((step) => step.reachedPerSecond ?? step.rate));
  return reached < 0.9 * highest
    ? ` (at most ${Math.floor(reached)} per second reached: the answers took longer than each step's ${finding.stepSeconds} s)`
    : '';
}

/** How far the limit found may be from a pinned `limit`. */
const pinnedTolerance = 0.1;

/**
 * A rate-limit probe met 429s, on every request variant alike, and after backing off a valid request was
 * served again. The limit itself is open in the spec: it is reported, and judged only against what the
 * target entry pins (`limitAtMost`, or `limit` within 10 percent).
 */
export function rateLimitProbed(finding: RateLimitFinding, pin: RateLimitPin = {}): Verdict {
  const highest = Math.max(0, ...finding.steps.map((step) => step.rate));
  // A limit met where no limited answer was kept whole (a target closing connections mid-body): the last answer a step
  // counted, which is never missing, stands as the evidence.
  const evidence = finding.limitedExchange ?? finding.recovery?.exchange ?? finding.lastAnswer;
  if (!finding.limited) {
    const why =
      finding.stoppedBy === 'unresponsive'
        ? ' (the probe stopped: most requests of its last step got no answer in time)'
        : finding.stoppedBy && finding.stoppedBy !== 'max-rate'
          ? ` (the probe stopped at its ${finding.stoppedBy} bound)`
          : '';
    const shown = finding.recovery?.exchange ?? finding.lastAnswer;
    throw new Violation(
      `${finding.requests} requests offered at up to ${highest} per second never met a 429${reachedBelowOffered(finding, highest)}${why}`,
      shown ? [shown] : [],
    );
  }
  if (finding.unlimitedLabels.length > 0) {
    throw new Violation(
      `While most requests were limited, requests "${finding.unlimitedLabels.join('", "')}" never met a 429: the limit does not hold on every path`,
      evidence ? [evidence] : [],
    );
  }
  const limit = finding.limit ?? 0;
  if (pin.limitAtMost !== undefined && limit > pin.limitAtMost) {
    throw new Violation(
      `The limit found is ${limit} requests per second; the target entry pins it at most ${pin.limitAtMost}`,
      evidence ? [evidence] : [],
    );
  }
  if (pin.limit !== undefined && Math.abs(limit - pin.limit) > pinnedTolerance * pin.limit) {
    throw new Violation(
      `The limit found is ${limit} requests per second; the target entry pins ${pin.limit} (within 10 percent)`,
      evidence ? [evidence] : [],
    );
  }
  const recovered = finding.recovery?.exchange.response?.status;
  if (finding.recovery && (recovered === undefined || recovered === 429 || recovered >= 500)) {
    throw new Violation(
      `After backing off ${finding.recovery.waitedSeconds} s, a valid request got ${recovered ?? finding.recovery.exchange.error?.code}: the limit did not recover`,
      [finding.recovery.exchange],
    );
  }
  const limited = finding.limitedExchange?.response;
  return passed({
    limitPerSecond: limit,
    acceptedWhileLimitedPerSecond: finding.acceptedWhileLimited,
    lowestLimitedRate: finding.firstLimitedRate,
    ...(finding.quiet ? { quietBeforeFirstBurst: quietText(finding.quiet) } : {}),
    readOver: `${finding.stepSeconds} s of one burst a second per rate${limited?.headers['retry-after'] ? `; Retry-After ${String(limited.headers['retry-after'])} s` : ''}`,
    steps: finding.steps
      .map((step) => `${step.rate}/s ${step.limited ? 'limited' : 'clean'}${reachedText(step)}`)
      .join(', '),
    retryAfter: limited?.headers['retry-after'] ?? null,
    body429: limited?.text().slice(0, 200) ?? null,
    recoveryStatus: recovered ?? null,
  });
}

import { type ProbeStep, reachedRate } from '../checks/rate-limit-finding.ts';
import type { RateLimitProbeSettings } from '../targets/rate-limit-probe-bounds.ts';
import { answeredCount, type RatePlan } from './rate-limit-probe-session.ts';

/**
 * The highest rate reached without a 429 (0 before any) and the lowest offered that met one, over the probe's steps.
 */
export interface RateBounds {
  clean: number;
  high: number;
}

/** A saturating step offers this many times the limit: most requests are limited, on every path alike. */
const saturationFactor = 3;

/** Stepping: `startRate`, then doubled (never above `maxRate`) until a step is limited or `maxRate` is clean. */
export function* doubling(settings: RateLimitProbeSettings): RatePlan {
  for (let rate = settings.startRate; ; rate = Math.min(settings.maxRate, rate * 2)) {
    const step = yield rate;
    if (step.limited) return undefined;
    if (rate >= settings.maxRate) return 'max-rate';
  }
}

/**
 * Narrowing between the highest clean rate and the lowest limited one: the estimate first, then a step above the
 * highest clean rate, else halves, until the two are within `tolerance` (a fraction of the clean one). A clean step
 * counts at the rate it reached; one that reached no more than the clean rate already had ends the narrowing (the
 * target's answers, or this machine, offer no more: the limit is read where it stands).
 */
export function* narrowing(start: RateBounds, estimate: number, tolerance: number): RatePlan {
  const bounds = { ...start };
  const stride = () => strideOf(bounds, tolerance);
  let next = Math.min(bounds.high - 1, Math.max(bounds.clean + 1, Math.round(estimate)));
  while (!narrowed(bounds, tolerance) && next > bounds.clean) {
    const step = yield next;
    if (step.limited) bounds.high = next;
    else if (reachedRate(step) > bounds.clean) bounds.clean = reachedRate(step);
    else return undefined;
    next = step.limited
      ? Math.floor((bounds.clean + bounds.high) / 2)
      : Math.min(bounds.high - 1, bounds.clean + stride());
  }
  return undefined;
}

/** Narrowing's step above the clean rate: `tolerance` of it, at least 1. */
function strideOf(bounds: RateBounds, tolerance: number): number {
  return Math.max(1, Math.ceil(tolerance * bounds.clean));
}

/** Whether the clean and the limited rates are within `tolerance` of the clean one: narrowing is done. */
export function narrowed(bounds: RateBounds, tolerance: number): boolean {
  return bounds.high - bounds.clean <= strideOf(bounds, tolerance);
}

/**
 * The limit read off the steps: the highest clean rate once narrowed; where narrowing could not close in (its steps
 * reached no more, or the probe's bounds stopped it), what the target accepted a second while first limited (the limit
 * as it enforces it) when that lies between the clean and the limited rates, else the clean rate.
 */
export function limitOf(bounds: RateBounds, enforced: number, tolerance: number): number {
  if (narrowed(bounds, tolerance) || enforced <= bounds.clean || enforced >= bounds.high) return bounds.clean;
  return enforced;
}

/** Where the steps of stepping and narrowing left the limit: rates only rise while clean and fall while limited. */
export function boundsOf(steps: readonly ProbeStep[]): RateBounds {
  const searched = steps.filter((step) => step.phase !== 'saturate');
  return {
    clean: Math.max(0, ...searched.filter((step) => !step.limited).map(reachedRate)),
    high: Math.min(...searched.filter((step) => step.limited).map((step) => step.rate)),
  };
}

/** The saturating step's rate: well over the limit (never below the lowest limited rate, never above `maxRate`). */
export function saturatingRate(settings: RateLimitProbeSettings, bounds: RateBounds, limit: number): number {
  return Math.min(settings.maxRate, Math.max(bounds.high, saturationFactor * Math.max(1, limit)));
}

/** Stepping's first limited step, if it met one. */
export function firstLimitedOf(steps: readonly ProbeStep[]): ProbeStep | undefined {
  return steps.find((step) => step.phase === 'step' && step.limited);
}

/**
 * A label is judged to escape the limit only where another label had at least this share of its own answers 429 in
 * the saturating step: about two thirds of each label's when every path is limited, and of the limited path's when
 * one of two escapes. (Of all the step's answers, one path escaping leaves about a third 429: a threshold on that
 * share was met or missed by how much of the offered rate a busy machine achieved.)
 */
const hardLimitedShare = 0.3;

/**
 * The saturating step's labels that escape the limit: never 429 and accepted (a path the target refuses is not a
 * bypass), while another label was well over the limit. Near the limit, which requests meet the 429s is down to
 * arrival order, so nothing is judged.
 */
export function labelsEscapingLimit(byLabel: Readonly<Record<string, Readonly<Record<string, number>>>>): string[] {
  const shares = Object.values(byLabel).map((counts) => (counts['429'] ?? 0) / Math.max(1, answeredCount(counts)));
  if (Math.max(0, ...shares) < hardLimitedShare) return [];
  return Object.entries(byLabel)
    .filter(
      ([, counts]) => (counts['429'] ?? 0) === 0 && Object.entries(counts).some(([status]) => status.startsWith('2')),
    )
    .map(([label]) => label);
}

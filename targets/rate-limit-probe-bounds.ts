import { z } from 'zod';

/** Defaults of a family's rate-limit probe: where it starts and how far it may go. */
export interface RateLimitProbeDefaults {
  startRate: number;
  maxRate: number;
  maxRequests: number;
  maxSeconds: number;
  concurrency: number;
}

/**
 * Bounds of a rate-limit probe in a family's section. The probe steps the offered rate from `startRate`
 * (doubling) until 429s appear, narrows, and never offers more than `maxRate`, sends more than
 * `maxRequests` or runs longer than `maxSeconds`.
 */
export function rateLimitBoundsShape(defaults: RateLimitProbeDefaults) {
  return {
    /** First offered rate, requests per second. */
    startRate: z.number().int().min(1).default(defaults.startRate),
    /** Highest offered rate: no 429 up to it fails the rule. */
    maxRate: z.number().int().min(1).default(defaults.maxRate),
    /**
     * Seconds each offered rate is held, as one burst of `rate` requests a second. Default 1: one burst alone in
     * the limit's window reads a fixed or sliding window exactly; longer steps read a sustained rate, but their
     * bursts can share a window of a limiter whose windows start at arbitrary moments.
     */
    stepSeconds: z.number().int().min(1).max(10).default(1),
    /**
     * Seconds waited after each step for the limit's window to pass (a longer Retry-After is obeyed, up to 10 s).
     * Default 1.
     */
    recoverySeconds: z.number().min(0).max(60).default(1),
    /** Most requests the whole probe sends. */
    maxRequests: z.number().int().positive().default(defaults.maxRequests),
    /** Most seconds the whole probe takes. */
    maxSeconds: z.number().positive().default(defaults.maxSeconds),
    /** Connections the load generator opens. */
    concurrency: z.number().int().min(1).max(64).default(defaults.concurrency),
  };
}

/** A limit a target entry pins, in requests per second (what the spec leaves open). */
export const rateLimitPinShape = {
  /** The limit found must be at most this. */
  limitAtMost: z.number().int().positive().optional(),
  /** The limit found must be within 10 percent of this (the probe then narrows it down). */
  limit: z.number().int().positive().optional(),
};

export interface RateLimitProbeSettings {
  startRate: number;
  maxRate: number;
  stepSeconds: number;
  recoverySeconds: number;
  maxRequests: number;
  maxSeconds: number;
  concurrency: number;
}

export interface RateLimitPin {
  limitAtMost?: number | undefined;
  limit?: number | undefined;
}

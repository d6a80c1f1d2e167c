import type { Exchange } from '../client/http-exchange.ts';
import type { BreachCount } from './load-run-figures.ts';

/** How the probe made sure the target's limit window held none of the run's earlier requests. */
export interface QuietWindow {
  /** Seconds waited before the first burst, single requests included. */
  waitedSeconds: number;
  /** Single requests sent to see whether the limit still counted earlier traffic. */
  singleRequests: number;
  /** A single request was served without 429 (false: the wait's bound was reached first). */
  quiet: boolean;
}

/** One offered rate of a rate-limit probe and what the target answered. */
export interface ProbeStep {
  /** Offered requests per second. */
  rate: number;
  phase: 'step' | 'narrow' | 'saturate';
  statuses: Record<string, number>;
  /** Answers other than 429 per second the step lasted (its seconds, or longer where its answers took longer). */
  acceptedPerSecond: number;
  /**
   * Requests sent (answered or not) per second the step lasted: the rate the step reached, below `rate` where they took
   * longer than the step's seconds (a target slower than the rate, or a busy machine), so that a clean step is read as
   * clean at the rate it reached, not at the rate offered. Absent in findings made before it was measured.
   */
  reachedPerSecond?: number;
  limited: boolean;
}

/** The whole rate a step reached: the rate offered, or less where its requests went slower (see reachedPerSecond). */
export function reachedRate(step: Pick<ProbeStep, 'rate' | 'reachedPerSecond'>): number {
  return Math.min(step.rate, Math.floor(step.reachedPerSecond ?? step.rate));
}

/**
 * What a rate-limit probe found, as the rate-limit checks judge it (the probe in load/ adds its merged load
 * run). Defined here, with its judges, so that checks never import the load stage.
 */
export interface RateLimitFinding {
  operation: string;
  /** How long the probe left the target alone before its first burst (the limit's window free of earlier requests). */
  quiet?: QuietWindow;
  steps: ProbeStep[];
  /** Some request met a 429. */
  limited: boolean;
  /**
   * Requests per second: the highest offered rate without a 429 once narrowed, else the rate accepted while limited.
   */
  limit?: number;
  /** Answers other than 429 per second while offered more than the limit: the limit as the target enforces it. */
  acceptedWhileLimited?: number;
  /** The lowest offered rate that met a 429. */
  firstLimitedRate?: number;
  /** Each rate was offered as one burst a second for this many seconds: the window the limit was read over. */
  stepSeconds: number;
  /** Request labels that met no 429 while the others were limited hard: the limit is not enforced on every path. */
  unlimitedLabels: string[];
  /** The first 429 as observed (redacted), as evidence. */
  limitedExchange?: Exchange;
  /** An answer of the probe's last step as observed (redacted): the evidence of a limit never met. */
  lastAnswer?: Exchange;
  /** After backing off, one valid request through the harness's client. */
  recovery?: { waitedSeconds: number; exchange: Exchange };
  /** Why the probe ended before narrowing finished or a 429 appeared. */
  stoppedBy?: 'max-rate' | 'max-requests' | 'max-seconds' | 'interrupted' | 'unresponsive';
  requests: number;
  seconds: number;
  /** Responses that broke a response rule of the family, over every step. */
  violations: BreachCount[];
  /** The first response of each violation as an exchange, for evidence. */
  violationExchanges: Exchange[];
}

import type { Verdict } from '../engine/rule-violation.ts';
import type { Redactor } from '../core/redaction.ts';
import type { RuleId } from '../rules/rule-id.ts';
import type { ClientSettings } from '../targets/schema.ts';
import type { LoadResult } from './load-result.ts';
import type { LoadProgress } from './load-progress.ts';

/** What a probe gets: its family's section of the target entry, the shared client settings, the run's redactor. */
export interface ProbeContext<Section = unknown> {
  targetName: string;
  section: Section;
  client: ClientSettings;
  redactor: Redactor;
  onProgress?: (progress: LoadProgress) => void;
  signal?: AbortSignal;
}

/** What a probe found, judged by its rule's check: the verdict, or the check's violation. */
export interface ProbeOutcome {
  /** The rules the probe's check judges (both sides of a threshold, say); its violation names the one broken. */
  ruleIds: readonly RuleId[];
  /** Runs the rule's check on the finding: a verdict, or it throws the RuleViolation with the evidence. */
  judge(): Verdict;
  /** Plain data for the result file (steps, limits, thresholds found). */
  details: Record<string, unknown>;
  /** Every step's load, merged. */
  load?: LoadResult;
}

/**
 * A scenario `harness load <name>` runs: a probe that discovers what the spec leaves open (a rate limit, a
 * compression threshold) and judges its rule. A family lists its probes in its load part (load/family-load.ts).
 */
export interface LoadProbe<Section = unknown> {
  /** The scenario's name on the command line, unique across families: `token-rate-limit`. */
  name: string;
  description: string;
  run(context: ProbeContext<Section>): Promise<ProbeOutcome>;
}

/**
 * The options a probe passes on to the engine from its context; from the command line a limit is always narrowed down.
 */
export function probeRunOptions(context: ProbeContext<unknown>) {
  return {
    narrow: true,
    redactor: context.redactor,
    target: context.targetName,
    ...(context.onProgress ? { onProgress: context.onProgress } : {}),
    ...(context.signal ? { signal: context.signal } : {}),
  };
}

/** Runs a probe's work with a client of its own, closed however the work ends. */
export async function closing<T>(client: { close(): Promise<void> }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await client.close();
  }
}

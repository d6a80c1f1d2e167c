import { inject } from 'vitest';
import type { ReplaySettings } from './failure-text.ts';
import type { BrokerAddress } from '../client/session-broker.ts';
import type { TargetEntry } from '../targets/schema.ts';
import type { KeptPlace } from './kept-counterexamples.ts';

/**
 * What `harness run` hands every suite: the resolved target, the run's settings and its session broker, and
 * how a failure's replay line restarts the harness and the target.
 */
export interface RunContext extends Pick<ReplaySettings, 'harness' | 'replayReports' | 'startedTarget' | 'startedIn'> {
  targetName: string;
  /** The targets file the target was read from, for replay lines. */
  targetsFile: string;
  target: TargetEntry;
  /** Seed of every property run; printed with each failure for replay. */
  seed: number;
  /** Random cases per property, on top of the boundary cases. */
  runs: number;
  /** Command sequences per stateful phase (`--sequences`); absent: the target entry's, else the default. */
  sequences?: number;
  /**
   * A block by a rule the rule table does not declare for the blocked rule breaks that rule
   * (engine/declared-prerequisites.ts): `--strict-prerequisites`, which the self-tests give every run.
   */
  strictPrerequisites?: boolean;
  /** Where the run's shared family sessions (tokens) are reached. */
  broker: BrokerAddress;
  /** Where a suite file asks whether it may start (set by run/suite-runner.ts; see suites/support/await-turn.ts). */
  turns?: BrokerAddress;
  /** When the run's deadline falls (epoch ms): walks take a share of the time left. Absent: no deadline. */
  deadlineAt?: number;
  /** Where the run keeps the target's failing sequences, tried first by later runs (kept-counterexamples.ts). */
  counterexamples?: KeptPlace;
}

declare module 'vitest' {
  export interface ProvidedContext {
    harnessRun: RunContext;
  }
}

export function runContext(): RunContext {
  const context = inject('harnessRun');
  if (!context) throw new Error('No run context: suites run through `harness run`, not plain vitest');
  return context;
}

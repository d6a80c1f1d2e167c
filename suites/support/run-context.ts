import { inject } from 'vitest';
import type { BrokerAddress } from '../../client/session-broker.ts';
import type { TargetEntry } from '../../targets/schema.ts';

/** What `harness run` hands every suite: the resolved target, the run's settings and its session broker. */
export interface RunContext {
  targetName: string;
  /** The targets file the target was read from, for replay lines. */
  targetsFile: string;
  target: TargetEntry;
  /** Seed of every property run; printed with each failure for replay. */
  seed: number;
  /** Random cases per property, on top of the boundary cases. */
  runs: number;
  /** Where the run's shared family sessions (tokens) are reached. */
  broker: BrokerAddress;
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

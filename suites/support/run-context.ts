import { inject } from 'vitest';
import type { TargetEntry } from '../../targets/schema.ts';

/** What `harness run` hands every suite: the resolved target and the run's settings. */
export interface RunContext {
  targetName: string;
  target: TargetEntry;
  /** Seed of every property run; printed with each failure for replay. */
  seed: number;
  /** Random cases per property, on top of the boundary cases. */
  runs: number;
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

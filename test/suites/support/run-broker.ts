import { runBreakers, runMethods } from '../../../client/run-breakers.ts';
import { runMemory } from '../../../client/run-memory.ts';
import { RunPace } from '../../../client/run-pace.ts';
import { type RunningBroker, startSessionBroker } from '../../../client/session-broker.ts';
import type { TargetEntry } from '../../../targets/schema.ts';
import type { RunContext } from '../../../engine/run-context.ts';

/** A run's own broker methods as the main process serves them (pace, breakers, memory), for tests in process. */
export interface RunBroker {
  context: RunContext;
  pace: RunPace;
  breakers: ReturnType<typeof runBreakers>['breakers'];
  close(): Promise<void>;
}

/**
 * Starts a session broker serving the run's methods (as run/family-sessions.ts does) for `families`, with a deadline
 * `deadlineInMs` from now (none when undefined), and a RunContext pointing at it.
 */
export async function startRunBroker(
  families: readonly string[],
  options: { deadlineInMs?: number; plannedRules?: number; lateMemoryMs?: number } = {},
): Promise<RunBroker> {
  const deadlineAt = options.deadlineInMs === undefined ? undefined : Date.now() + options.deadlineInMs;
  const pace = new RunPace(options.plannedRules ?? 1, deadlineAt);
  const { breakers, serve } = runBreakers(families, 1);
  const broker: RunningBroker = await startSessionBroker(
    new Map([[runMethods, { ...pace.methods, ...serve, ...runMemory() }]]),
  );
  const target = { kind: 'url', families: {}, ...(options.lateMemoryMs ? { lateMemoryMs: options.lateMemoryMs } : {}) };
  return {
    context: {
      targetName: 'made-up',
      targetsFile: '(test)',
      target: target as unknown as TargetEntry,
      seed: 1,
      runs: 1,
      broker: broker.address,
      ...(deadlineAt === undefined ? {} : { deadlineAt }),
    },
    pace,
    breakers,
    close: () => broker.close(),
  };
}

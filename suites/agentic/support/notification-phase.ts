import { runRulePhase } from '../../support/stateful-phase.ts';
import type { RunContext } from '../../../engine/run-context.ts';
import type { AgenticSession } from './agentic-session.ts';
import type { StepJudge } from './notification-judges.ts';
import { notificationCommands, notificationSequence } from './notification-model.ts';

/**
 * The stateful phase of an agentic rule, after its planned probes: random sequences of notifications (fresh, repeated,
 * tampered) judged by the rule's `judge`, any failure shrunk to the shortest sequence (see notification-model.ts).
 */
export async function runNotificationPhase(
  session: Pick<AgenticSession, 'client' | 'payloadContext'>,
  run: RunContext,
  judge: StepJudge,
  observe: (key: string, value: unknown) => void,
): Promise<void> {
  const context = await session.payloadContext();
  const observed: string[] = [];
  await runRulePhase(run, observe, observed, {
    commands: notificationCommands(context),
    setup: () => notificationSequence({ client: session.client, context, judge }, observed),
  });
}

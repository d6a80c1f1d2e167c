import type { RuleVerdict } from '../../../engine/rule-check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { RunContext } from '../../../engine/run-context.ts';
import { runRulePhase } from '../../support/stateful-phase.ts';
import { type LoyaltyPostcondition, loyaltyCommands, loyaltySequence } from './loyalty-model.ts';
import type { LoyaltySuiteSession } from './loyalty-session.ts';

/**
 * A loyalty rule's stateful phase, after its planned probes: random sequences of the three operations checked against
 * the model of used nonces, order ids and simulated orders (loyalty-model.ts), any failure shrunk to the shortest.
 */
export async function loyaltyPhase(
  { client, context, section }: LoyaltySuiteSession,
  judges: LoyaltyPostcondition,
  judge: (exchange: Exchange, valid: boolean) => RuleVerdict,
  { run, observe }: { run: RunContext; observe(key: string, value: unknown): void },
): Promise<void> {
  const observed: string[] = [];
  await runRulePhase(run, observe, observed, {
    commands: loyaltyCommands[judges],
    setup: () => loyaltySequence({ client, context, windowMs: section.mac?.windowMs ?? 0, judges, judge }, observed),
  });
}

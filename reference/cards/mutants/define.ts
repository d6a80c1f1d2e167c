import type { BehaviourMutant } from '../../mutant-behaviour.ts';
import type { CardsBehaviour } from '../behaviour.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

export type CardsMutant = BehaviourMutant<CardsBehaviour>;

/** A mutant of the cards reference; `mode` only where the rule needs one (wallet provisioning off). */
export function mutant(
  name: string,
  breaks: RuleId,
  description: string,
  change: Partial<CardsBehaviour>,
  mode = 'wallet-provisioning',
): CardsMutant {
  return { name, family: 'cards', breaks, mode, description, change };
}

/** A copy of a record with one nested object changed. */
export function withNested(
  record: Record<string, unknown>,
  key: string,
  change: Record<string, unknown>,
): Record<string, unknown> {
  return { ...record, [key]: { ...(record[key] as Record<string, unknown>), ...change } };
}

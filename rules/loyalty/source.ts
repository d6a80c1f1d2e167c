import type { RuleSource } from '../rule.ts';

const document = 'Card-network interfaces (spec document 2), part A: loyalty network';

/** Where a loyalty rule comes from: a section of part A of document 2. */
export function loyaltySource(section: string): RuleSource {
  return { document, section };
}

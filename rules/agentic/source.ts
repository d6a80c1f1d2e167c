import type { RuleSource } from '../rule.ts';

const document = 'Card-network interfaces (spec document 2), part C: agentic-commerce notifications';

/** Where an agentic rule comes from: a section of part C of document 2. */
export function agenticSource(section: string): RuleSource {
  return { document, section };
}

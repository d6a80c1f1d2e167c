import type { RuleSource } from '../rule.ts';

const document = 'Open-banking product data, exchange-style envelope and custody platform (spec document 3), part C';

/** Where a custody rule comes from: a section of part C of document 3. */
export function custodySource(section: string): RuleSource {
  return { document, section };
}

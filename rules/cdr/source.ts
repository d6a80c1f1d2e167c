import type { RuleSource } from '../rule.ts';

const document = 'Open-banking product data, exchange-style envelope and custody platform (spec document 3), part A';

/** Where a cdr rule comes from: a section of part A of document 3. */
export function cdrSource(section: string): RuleSource {
  return { document, section };
}

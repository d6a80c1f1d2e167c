import type { RuleSource } from '../rule.ts';

const document = 'Card-network interfaces (spec document 2), part D: URL shortening';

/** Where a shortener rule comes from: a section of part D of document 2. */
export function shortenerSource(section: string): RuleSource {
  return { document, section };
}

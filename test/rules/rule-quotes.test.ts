import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import { quoteText } from '../../rules/rule-quotes.ts';
import { findSpecDir, specDocumentNumber, specDocumentText } from '../support/spec-documents.ts';

/*
 * Every rule quotes the sentence(s) it rests on, word for word, and says which word or cell of them makes its demand
 * (issue 43): a quote is looked up in the document the rule cites, whitespace aside, so no quote can drift from
 * the text or be invented. A sentence of the published standard a document summarises names where it is read.
 */
const specDir = findSpecDir();
if (!specDir)
  console.log('rule-quotes: the documents were not found, quotes are not looked up in them (set HARNESS_SPEC_DIR)');

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(builtInFamilies.map((family) => [family.name, family] as const))('the quotes of %s', (_name, family) => {
  test('every rule quotes at least one sentence that makes a demand, the demand inside its quote', () => {
    for (const rule of family.rules) {
      const quotes = rule.quotes ?? [];
      expect(
        quotes.some((quote) => quote.demand),
        `${rule.id} quotes no sentence with a demand`,
      ).toBe(true);
      for (const quote of quotes) {
        expect(
          spaced(quote.text).length,
          `${rule.id}: ${quoteText(quote)} is too short to be a sentence`,
        ).toBeGreaterThan(11);
        if (quote.demand)
          expect(spaced(quote.text), `${rule.id}: its demand "${quote.demand}" is not in its quote`).toContain(
            spaced(quote.demand),
          );
        if (quote.from) {
          expect(quote.from.url, `${rule.id}: a standard's quote names where it is read`).toMatch(/^https:\/\//);
          expect(quote.from.version.trim(), rule.id).not.toBe('');
          expect(quote.from.section.trim(), rule.id).not.toBe('');
        }
      }
    }
  });

  test.skipIf(!specDir)("every quote of a document is the document's words, whitespace aside", () => {
    for (const rule of family.rules) {
      const number = specDocumentNumber(rule.source.document) ?? '';
      const text = spaced(specDocumentText(specDir as string, number) ?? '');
      for (const quote of (rule.quotes ?? []).filter((candidate) => !candidate.from))
        expect(text.includes(spaced(quote.text)), `${rule.id}: not in spec document ${number}: ${quote.text}`).toBe(
          true,
        );
    }
  });
});

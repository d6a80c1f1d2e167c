import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import { statefulBlock } from '../../families/stateful-table.ts';
import { findSpecDir, specDocumentNumber, specDocumentText } from '../support/spec-documents.ts';

/*
 * The inventory of stateful sentences (issue 51): every family lists the sentences of its document that imply state
 * across calls, or says why it has none. Each sentence is the document's words, is judged by a rule of the family,
 * names the model commands and the interleavings that exercise it, and has reference mutants that break it only after
 * an interleaving, each breaking that rule (the mutant catalogue proves each killed). A sentence without commands or
 * without a mutant is a gap this test names. docs/coverage.md shows the table as generated.
 */
const specDir = findSpecDir();
const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(builtInFamilies.map((family) => [family.name, family] as const))(
  'the stateful sentences of %s',
  (_name, family) => {
    const inventory = family.statefulSentences;
    test('are listed, or the family says why it has none', () => {
      expect(inventory, `${family.name} gives no statefulSentences`).toBeDefined();
      if (inventory && 'none' in inventory) expect(inventory.none.length).toBeGreaterThan(40);
      else expect(inventory?.length).toBeGreaterThan(0);
    });
    const sentences = inventory && !('none' in inventory) ? inventory : [];
    test.skipIf(sentences.length === 0)(
      'each has its rule, commands, interleavings and a mutant breaking that rule',
      () => {
        const mutants = new Map(family.reference.mutants.map((mutant) => [mutant.name, mutant.breaks]));
        for (const sentence of sentences) {
          const rule = family.rules.find((candidate) => candidate.id === sentence.ruleId);
          expect(rule, `${sentence.ruleId} is no rule of ${family.name}`).toBeDefined();
          expect(sentence.commands.length, `${sentence.quote}: no command exercises it`).toBeGreaterThan(0);
          expect(sentence.interleavings.length, `${sentence.quote}: no interleaving named`).toBeGreaterThan(0);
          expect(sentence.mutants.length, `${sentence.quote}: no mutant only a sequence kills (a gap)`).toBeGreaterThan(
            0,
          );
          for (const mutant of sentence.mutants)
            expect(mutants.get(mutant), `${mutant} is no mutant of ${family.name} breaking ${sentence.ruleId}`).toBe(
              sentence.ruleId,
            );
          if (specDir && rule) {
            const text = spaced(specDocumentText(specDir, specDocumentNumber(rule.source.document) ?? '') ?? '');
            expect(text.includes(spaced(sentence.quote)), `not in the document of ${rule.id}: ${sentence.quote}`).toBe(
              true,
            );
          }
        }
      },
    );
  },
);

test('docs/coverage.md shows the inventory as generated (npm run schema writes it)', () => {
  const coverage = readFileSync(new URL('../../docs/coverage.md', import.meta.url), 'utf8');
  expect(coverage).toContain(statefulBlock());
});

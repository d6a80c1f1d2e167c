import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import type { Rule } from '../../rules/rule.ts';
import { findSpecDir, specDocumentText } from '../support/spec-documents.ts';

/*
 * docs/unjudged-sentences.md lists the documents' sentences that no rule quotes, each with why it is not judged
 * (issue 43, item 4). It is written by hand; this test keeps it honest: every entry's verbatim part (the text before
 * any "…") is in its document, under the section the page files it in, and no rule quotes it, so the page shrinks
 * when a rule starts quoting one. A "judged elsewhere" entry names rules that exist.
 */
const specDir = findSpecDir();
if (!specDir)
  console.log(
    'unjudged-sentences: the documents were not found, the entries are not looked up in them (set HARNESS_SPEC_DIR)',
  );

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

const reasons = ['not shown', 'not observable over HTTP', 'advice', 'context', 'judged elsewhere', 'gap'];

type Entry = { document: string; section: string; verbatim: string; cut: boolean; reason: string; note: string };

function pageEntries(): Entry[] {
  const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'unjudged-sentences.md'), 'utf8');
  const entries: Entry[] = [];
  let document = '';
  let section = '';
  for (const line of page.split('\n')) {
    const documentHeading = /^## Document (\d+) /.exec(line);
    if (documentHeading) document = documentHeading[1] as string;
    if (line.startsWith('### ')) section = line.slice(4).trim();
    const entry = /^- “([^”]+)” — \*\*([^*]+)\*\*(.*)$/.exec(line);
    if (!entry) continue;
    const quoted = entry[1] as string;
    entries.push({
      document,
      section,
      verbatim: spaced(quoted.split('…')[0] as string),
      cut: quoted.includes('…'),
      reason: entry[2] as string,
      note: entry[3] as string,
    });
  }
  return entries;
}

/** A document's top-level sections by heading; the text before the first one is "Introduction". */
function sectionsOf(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let heading = 'Introduction';
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) heading = line.slice(3).trim();
    else sections.set(heading, `${sections.get(heading) ?? ''}\n${line}`);
  }
  return sections;
}

const entries = pageEntries();
const rules: readonly Rule[] = builtInFamilies.flatMap((family): readonly Rule[] => family.rules);
const ruleIds = new Set(rules.map((rule) => rule.id));
const familyNames = new Set<string>(builtInFamilies.map((family) => family.name));
const quotes = rules.flatMap((rule) =>
  (rule.quotes ?? []).filter((quote) => !quote.from).map((quote) => ({ id: rule.id, text: spaced(quote.text) })),
);

describe('docs/unjudged-sentences.md', () => {
  test('lists entries for each of the three documents, each with one of the reasons', () => {
    for (const document of ['1', '2', '3'])
      expect(
        entries.filter((entry) => entry.document === document).length,
        `no entry for document ${document}`,
      ).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(reasons, `${entry.verbatim}: unknown reason "${entry.reason}"`).toContain(entry.reason);
      expect(entry.verbatim.length, `an entry cut to nothing under ${entry.section}`).toBeGreaterThan(5);
    }
  });

  test('no rule quotes a listed sentence', () => {
    for (const entry of entries) {
      const quoting = quotes.filter(
        (quote) => quote.text.includes(entry.verbatim) || (!entry.cut && entry.verbatim.includes(quote.text)),
      );
      expect(
        quoting.map((quote) => quote.id),
        `"${entry.verbatim}" is quoted now: remove it from the page`,
      ).toEqual([]);
    }
  });

  test('a "judged elsewhere" entry names the rules, and every rule it names exists', () => {
    for (const entry of entries) {
      const named = [...entry.note.matchAll(/`([a-z]+\.[A-Za-z0-9_.-]+)`/g)]
        .map((match) => match[1] as string)
        .filter((id) => familyNames.has(id.split('.')[0] as string));
      if (entry.reason === 'judged elsewhere')
        expect(named.length, `${entry.verbatim}: no rule named`).toBeGreaterThan(0);
      for (const id of named) expect(ruleIds.has(id), `${entry.verbatim}: no rule ${id}`).toBe(true);
    }
  });

  test.skipIf(!specDir)('every listed sentence is in its document, under the section it is filed in', () => {
    for (const document of ['1', '2', '3']) {
      const sections = sectionsOf(specDocumentText(specDir as string, document) ?? '');
      for (const entry of entries.filter((candidate) => candidate.document === document)) {
        const text = sections.get(entry.section);
        expect(text, `document ${document} has no section "${entry.section}"`).toBeDefined();
        expect(
          spaced(text ?? '').includes(entry.verbatim),
          `not in document ${document}, ${entry.section}: ${entry.verbatim}`,
        ).toBe(true);
      }
    }
  });
});

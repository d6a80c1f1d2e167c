import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import { findSpecDir } from '../support/spec-documents.ts';

/*
 * Every rule cites where it comes from; a citation a reader cannot find in the document is no citation.
 * Each part of a rule's section ("Endpoints, A; Resources, A. Notification") must start with a top-level
 * heading of the spec document its `document` names (or the heading's first words); parts citing the published standard
 * behind a document
 * (the Consumer Data Standards) are outside the documents and are not looked up here.
 */
const specDir = findSpecDir();
if (!specDir)
  console.log(
    'rule-sources: skipped, no spec documents found (../shared/spec beside the checkout, or set HARNESS_SPEC_DIR)',
  );
const specFiles = specDir ? readdirSync(specDir).filter((name) => /^\d+-.*\.md$/.test(name)) : [];

function headingsOf(documentNumber: string): string[] {
  const file = specFiles.find((name) => name.startsWith(`${documentNumber}-`));
  if (!file) return [];
  return readFileSync(join(specDir as string, file), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3).trim());
}

/** "Endpoints, A (headers); Versioning" -> ["Endpoints", "Versioning"]: the heading each part starts with. */
function citedHeadings(section: string): string[] {
  return section
    .split(';')
    .map((part) => part.trim())
    .filter((part) => !part.startsWith('Consumer Data Standards'))
    .map((part) => (part.split(/\s*(?:,|>|:|\(|\. )\s*/)[0] ?? '').trim());
}

describe.each(builtInFamilies.map((family) => [family.name, family] as const))('the rules of %s', (name, family) => {
  test('have ids unique in the family, prefixed by the family name, each with a statement', () => {
    const ids = family.rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of family.rules) {
      expect(rule.id).toMatch(new RegExp(`^${name}\\.[a-z0-9_.-]+$`));
      expect(rule.family).toBe(name);
      expect(rule.statement.trim().length, rule.id).toBeGreaterThan(10);
    }
  });

  test.skipIf(!specDir)('cite a spec document that exists, by sections that are its headings', () => {
    for (const rule of family.rules) {
      const number = /spec document (\d+)/i.exec(rule.source.document)?.[1];
      expect(number, `${rule.id}: "${rule.source.document}" names no spec document`).toBeDefined();
      const headings = headingsOf(number as string);
      expect(headings.length, `${rule.id}: no spec document ${number} in ${specDir}`).toBeGreaterThan(0);
      for (const cited of citedHeadings(rule.source.section)) {
        // "Resources" is how several rules shorten "Resources and their fields".
        const found = headings.some((heading) => heading === cited || heading.startsWith(`${cited} `));
        expect(found, `${rule.id} cites "${rule.source.section}"; the headings are: ${headings.join(' | ')}`).toBe(
          true,
        );
      }
    }
  });
});

test('the citation reader takes the heading each part starts with', () => {
  expect(
    citedHeadings('Endpoints, A (headers on all three); Versioning; Consumer Data Standards 1.36.0, HTTP Headers'),
  ).toEqual(['Endpoints', 'Versioning']);
  expect(citedHeadings('Resources and their fields > B. CardUser')).toEqual(['Resources and their fields']);
  expect(citedHeadings('Resources: exchange-style envelope (msg); Errors: handling rule 3')).toEqual([
    'Resources',
    'Errors',
  ]);
  expect(citedHeadings('Authentication, A. 1 (window set by the target entry)')).toEqual(['Authentication']);
});

/*
 * Writes targets.schema.json and docs/targets-reference.md from the zod schemas, and the counts of docs/coverage.md and
 * of the README's family table from the rule table (npm run schema); self-tests keep them in step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { targetsJsonSchemaText } from './targets-json-schema.ts';
import { targetsReferenceText } from './targets-reference.ts';
import { readmeWithCurrentCounts, withCurrentCounts } from './coverage-counts.ts';
import { withCurrentStatefulTable } from './stateful-table.ts';

const coverage = fileURLToPath(new URL('../docs/coverage.md', import.meta.url));
const readme = fileURLToPath(new URL('../README.md', import.meta.url));

for (const [file, text] of [
  ['../targets.schema.json', targetsJsonSchemaText()],
  ['../docs/targets-reference.md', targetsReferenceText()],
  ['../docs/coverage.md', withCurrentStatefulTable(withCurrentCounts(readFileSync(coverage, 'utf8')))],
  ['../README.md', readmeWithCurrentCounts(readFileSync(readme, 'utf8'))],
] as const) {
  const path = fileURLToPath(new URL(file, import.meta.url));
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}

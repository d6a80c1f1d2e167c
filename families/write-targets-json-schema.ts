/* Writes targets.schema.json and docs/targets-reference.md from the zod schemas (npm run schema); a self-test keeps them in step. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { targetsJsonSchemaText } from './targets-json-schema.ts';
import { targetsReferenceText } from './targets-reference.ts';

for (const [file, text] of [
  ['../targets.schema.json', targetsJsonSchemaText()],
  ['../docs/targets-reference.md', targetsReferenceText()],
] as const) {
  const path = fileURLToPath(new URL(file, import.meta.url));
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}

/* Writes targets.schema.json from the zod schema (npm run schema); a self-test keeps the two in step. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { targetsJsonSchemaText } from './targets-json-schema.ts';

const path = fileURLToPath(new URL('../targets.schema.json', import.meta.url));
writeFileSync(path, targetsJsonSchemaText());
console.log(`wrote ${path}`);

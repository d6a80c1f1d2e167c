import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import { targetsJsonSchema } from '../../families/targets-json-schema.ts';

const root = new URL('../../', import.meta.url);
const read = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(name, root)), 'utf8'));

describe('targets.schema.json', () => {
  test('is exactly what the zod schema generates (run `npm run schema` after changing a schema)', () => {
    expect(read('targets.schema.json')).toEqual(targetsJsonSchema());
  });

  test('the bundled targets.json refers to it, and it offers one section per registered family', () => {
    expect(read('targets.json').$schema).toBe('./targets.schema.json');
    const schema = JSON.stringify(read('targets.schema.json'));
    for (const family of builtInFamilies) expect(schema).toContain(`"${family.name}":{"type":"object"`);
  });
});

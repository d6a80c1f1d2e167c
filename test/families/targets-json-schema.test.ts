import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import { targetsJsonSchema } from '../../families/targets-json-schema.ts';
import { targetsReferenceText } from '../../families/targets-reference.ts';

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

describe('docs/targets-reference.md', () => {
  test('is exactly what the schemas generate (run `npm run schema` after changing a schema or its comments)', () => {
    expect(readFileSync(fileURLToPath(new URL('docs/targets-reference.md', root)), 'utf8')).toBe(
      targetsReferenceText(),
    );
  });

  test("each kind's keys read their own kind's comment: a container's ready.timeoutMs says its own default", () => {
    const text = targetsReferenceText();
    const container = text.slice(text.indexOf('## Entry of kind `container`'), text.indexOf('## `families.'));
    const command = text.slice(
      text.indexOf('## Entry of kind `command`'),
      text.indexOf('## Entry of kind `container`'),
    );
    expect(container).toMatch(/\| `ready\.timeoutMs` \| integer \| default `60000`; > 0 \| [^|]*Default 60000\. \|/);
    expect(command).toMatch(/\| `ready\.timeoutMs` \| integer \| default `20000`; > 0 \| [^|]*Default 20000\. \|/);
  });

  test('names every key of every family section, with the meaning its schema file gives the base URL', () => {
    const text = targetsReferenceText();
    for (const family of builtInFamilies) {
      expect(text).toContain(`## \`families.${family.name}\``);
      expect(text).toMatch(
        new RegExp(
          `## \`families\\.${family.name}\`[\\s\\S]*?\\| \`baseUrl\` \\| string \\| \\*\\*required\\*\\* \\| \\S`,
        ),
      );
    }
    expect(text).toContain(
      '| `client.timeoutMs` | integer | default `10000`; > 0 | Per-request timeout in ms. Default 10000. |',
    );
  });
});

import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { harnessErrorCodes } from '../../core/harness-error.ts';

// The documented table is what users match on: every code of the harness is in it, and it names no other.
test("docs/running.md's table of error codes is the harness's own list", () => {
  const docs = readFileSync(new URL('../../docs/running.md', import.meta.url), 'utf8');
  const table = docs.slice(docs.indexOf('## Error codes'));
  const documented = [...table.matchAll(/^\| `([A-Z_]+)` \| (.+) \|$/gm)].map(([, code, when]) => [code, when]);
  expect(Object.fromEntries(documented)).toEqual(harnessErrorCodes);
});

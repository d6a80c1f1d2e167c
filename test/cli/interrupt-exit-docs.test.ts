import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

/**
 * How an interruption's exit code depends on the way the harness was started: npm (npx, npm start) runs the bin
 * through `sh -c` and ends by the signal itself, so its code is 130 where the bin's is 2. docs/running.md must say so
 * and say how to get the harness's own code; this holds the paragraph to it.
 */
test("docs/running.md says why an interrupted run started through npm ends 130 (143 for SIGTERM), not the bin's 2, and how to get 2", () => {
  const docs = readFileSync(new URL('../../docs/running.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
  expect(docs).toContain("Exit 2 is the harness's own code");
  expect(docs).toMatch(
    /Started through npm \(`npx harness`, `npm start`, `npm run …`\), a Ctrl-C ends with \*\*130\*\*/,
  );
  expect(docs).toContain('(SIGTERM to the group: **143**)');
  expect(docs).toContain('`./node_modules/.bin/harness run …`');
  expect(docs).toContain("A signal sent to npm's pid alone does not reach the harness");
});

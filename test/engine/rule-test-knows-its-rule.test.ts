import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

/*
 * A rule test knows its rule (issue 44): the engine runs its body in the rule's async context, so the body and every
 * helper under it read the rule in progress (`ruleInProgress()`) instead of writing the id again. This reads every suite
 * with the TypeScript parser and fails, naming `file:line`, where a `ruleTest('<id>', body)` body holds the string
 * '<id>' itself. Loops that define one test per id (`ruleTest(id, ...)`) name no literal and are not read.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function suiteFiles(dir = join(root, 'suites')): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `file:line` of each string literal inside a ruleTest body that repeats the id the call was given. */
function idsRepeated(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const inBody = (node: ts.Node, id: string): void => {
    if (ts.isStringLiteralLike(node) && node.text === id) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${relative(root, file)}:${line} (${id})`);
    }
    ts.forEachChild(node, (child) => inBody(child, id));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && /(^|\.)ruleTest$/.test(node.expression.getText(source))) {
      const [id, body] = node.arguments;
      if (id && body && ts.isStringLiteralLike(id)) inBody(body, id.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('no ruleTest body writes the id of the rule it was given', () => {
  const files = suiteFiles();
  expect(files.length).toBeGreaterThan(20);
  expect(files.flatMap(idsRepeated)).toEqual([]);
});

test('the reading finds an id written again (the test above can fail)', () => {
  const file = join(root, 'test/suites/fixtures/rule-test-repeating-its-id.ts');
  expect(idsRepeated(file)).toEqual(['test/suites/fixtures/rule-test-repeating-its-id.ts:4 (cdr.list.brand)']);
});

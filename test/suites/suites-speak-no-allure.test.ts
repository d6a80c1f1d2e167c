import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/*
 * A rule test records its outcome on the task and the main process writes the Allure result from it
 * (reporting/allure-outcome-reporter.ts). dependency-cruiser leaves node_modules out of its graph, so the suites'
 * imports of Allure's packages are looked for here.
 */
const suites = fileURLToPath(new URL('../../suites', import.meta.url));

test('no suite file imports an Allure package', () => {
  const files = readdirSync(suites, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const speaking = files.filter((file) => /from ['"]allure-/.test(readFileSync(join(suites, file), 'utf8')));
  expect(files.length).toBeGreaterThan(10);
  expect(speaking).toEqual([]);
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { familyCounts, readmeWithCurrentCounts, withCurrentCounts } from '../../families/coverage-counts.ts';

/* The figures a reader sees come from the rule table, never typed by hand (issue 43, item 4). */
const read = (name: string) => readFileSync(fileURLToPath(new URL(`../../${name}`, import.meta.url)), 'utf8');

test("docs/coverage.md's counts are the rule table's (run `npm run schema` after adding a rule, a quote or a mutant)", () => {
  const text = read('docs/coverage.md');
  expect(text).toBe(withCurrentCounts(text));
});

test("the README's family table and its total say how many rules each family has", () => {
  const readme = read('README.md');
  const counts = familyCounts();
  for (const { family, rules } of counts) {
    const row = new RegExp(`^\\| ${family} \\|.*\\| (\\d+) \\|$`, 'm').exec(readme);
    expect(row?.[1], `README's row of ${family}`).toBe(String(rules));
  }
  const total = counts.reduce((sum, row) => sum + row.rules, 0);
  expect(readme).toContain(`${counts.length === 8 ? 'Eight' : counts.length} interface families, ${total} rules`);
});

test('npm run schema writes those README counts, changing nothing else', () => {
  const readme = read('README.md');
  expect(readmeWithCurrentCounts(readme)).toBe(readme);
  const stale = readme.replace(/^(\| billing \|.*\| )\d+( \|)$/m, '$1999$2').replace(/ \d+ rules,/, ' 1 rules,');
  expect(stale).not.toBe(readme);
  expect(readmeWithCurrentCounts(stale)).toBe(readme);
});

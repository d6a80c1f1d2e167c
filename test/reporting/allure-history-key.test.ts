import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { shortenerRules } from '../../rules/shortener/rules.ts';
import { runCli } from '../support/run-harness-cli.ts';

interface AllureResult {
  name: string;
  historyId?: string;
  testCaseId?: string;
  parameters: { name: string; value: string; excluded?: boolean }[];
}

test('Allure history follows the rule id on a target: neither the seed, the statement nor what was observed changes the key', async () => {
  const result = await runCli(['run', '--suite', 'shortener', '--workers', '1', '--seed', '5', '--runs', '3']);
  expect(result.code, result.stdout.slice(-2000)).toBe(0);
  const dir = join(result.reportsDir, 'allure-results');
  const results = readdirSync(dir)
    .filter((file) => file.endsWith('-result.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as AllureResult);
  expect(results.length).toBe(shortenerRules.length);
  for (const item of results) {
    const ruleId = item.name.split(':')[0];
    expect(item.testCaseId).toBe(ruleId);
    expect(item.historyId).toBe(`${ruleId} @ reference`);
    expect(item.parameters.find((parameter) => parameter.name === 'seed')?.excluded).toBe(true);
  }
});

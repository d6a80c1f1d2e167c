import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { measureFunctions } from '../support/function-lengths.ts';

/* No function of the harness's source over 60 lines (issue 31), measured with the TypeScript compiler API. */
const maxLines = 60;
const root = fileURLToPath(new URL('../..', import.meta.url));

describe(`functions are at most ${maxLines} lines`, () => {
  const measured = measureFunctions(root);

  test('no function over the limit', () => {
    const over = measured.filter((fn) => fn.lines > maxLines).map((fn) => `${fn.at} ${fn.key}: ${fn.lines} lines`);
    expect(over, 'split these functions (a function says one thing)').toEqual([]);
  });

  test('the measure sees functions of every kind, named by what they are', () => {
    const keys = new Set(measured.map((fn) => fn.key));
    expect(measured.length).toBeGreaterThan(1000);
    for (const key of [
      'cli/run-command.ts#runHarness',
      'client/http-client.ts#send',
      'core/rule-in-progress.ts#asRule',
    ])
      expect(keys.has(key), key).toBe(true);
  });
});

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SuiteRunner } from '../../run/suite-runner.ts';
import type { FamilyModule } from '../../families/family.ts';
import type { RunContext } from '../../engine/run-context.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * A suite file whose hook times out before any of its tests ran (the harness's own limit): its rules are broken,
 * each naming the limit, and a rule the selection left out stays out. Before, they were "not run", and a run of
 * only such files judged nothing and said so as if it had been interrupted.
 */
test('rules of a file whose hook outlasted its limit are broken, naming the limit', { timeout: 120_000 }, async () => {
  const family = {
    name: 'stalling',
    suitesDir: fileURLToPath(new URL('./fixtures/hook-limit-family', import.meta.url)),
    rules: [],
  } as unknown as FamilyModule;
  const reports = tempFolder('harness-hook-limit-');
  const runner = await SuiteRunner.create({ families: [family], cacheDir: join(reports, '.vite'), maxWorkers: 1 });
  try {
    const run = { target: { families: {} } } as unknown as RunContext;
    const all = await runner.run(run, { families: ['stalling'] });
    const byRule = Object.fromEntries(all.outcomes.map((outcome) => [outcome.ruleId, outcome]));
    for (const ruleId of ['stalling.first', 'stalling.second']) {
      expect(byRule[ruleId]?.status, JSON.stringify(all)).toBe('broken');
      expect(byRule[ruleId]?.message).toMatch(/failed outside this rule's test.*Hook timed out in 300ms/);
    }
    const one = await runner.run(run, { families: ['stalling'], rules: ['stalling.second'] });
    expect(one.outcomes.map((outcome) => [outcome.ruleId, outcome.status])).toEqual([['stalling.second', 'broken']]);
  } finally {
    await runner.close();
  }
});

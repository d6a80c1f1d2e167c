import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { AllureRunResults } from '../../reporting/allure-run-results.ts';
import { SuiteRunner } from '../../run/suite-runner.ts';
import type { FamilyModule } from '../../families/family.ts';
import type { RunContext } from '../../engine/run-context.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * A test worker that really runs out of memory (its heap made small through NODE_OPTIONS, which the worker
 * inherits): the rules of its file are broken with the cause and the rule that was running, and the runner
 * returns (the run goes on), instead of a bare "Worker forks emitted error".
 */
test('a worker that runs out of memory: its rules are broken, naming the cause and the running rule', {
  timeout: 120_000,
}, async () => {
  const family = {
    name: 'crashing',
    suitesDir: fileURLToPath(new URL('./fixtures/crashing-family', import.meta.url)),
    // Its tests record no outcome: the Allure reporter looks up no rule.
    rules: [],
  } as unknown as FamilyModule;
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${before ?? ''} --max-old-space-size=48`.trim();
  const reports = tempFolder('harness-crash-');
  const allure = new AllureRunResults();
  const runner = await SuiteRunner.create({
    families: [family],
    reports: { allure },
    cacheDir: join(reports, '.vite'),
    maxWorkers: 1,
  });
  try {
    // The schedule reads the target's sections: none here.
    const results = await runner.run({ target: { families: {} } } as unknown as RunContext, { families: ['crashing'] });
    const byRule = Object.fromEntries(results.outcomes.map((outcome) => [outcome.ruleId, outcome]));
    expect(byRule['crashing.hog']?.status, JSON.stringify(results)).toBe('broken');
    expect(byRule['crashing.hog']?.message).toMatch(
      /test worker died \(out of memory: .*\) while it ran crashing\.hog; this rule was running/,
    );
    expect(byRule['crashing.after']?.status).toBe('broken');
    expect(byRule['crashing.after']?.message).toMatch(/out of memory.*this rule was not judged/);
    // Allure says it too: a broken result per rule, with the cause.
    expect(allure.writer.tests.find((result) => result.name === 'crashing.hog')).toMatchObject({
      status: 'broken',
      statusDetails: { message: expect.stringContaining('out of memory') },
    });
  } finally {
    if (before === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = before;
    await runner.close();
  }
});

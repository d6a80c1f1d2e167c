import { expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * Memory judged late in a plain run of a family's suite (as the CI gate runs it, no rule selected): every file
 * keeps a first use as it starts, the family's memory.alone.suite.ts replays the oldest after every other
 * file. A target that forgets after a few seconds, or after a few other registrations, fails exactly the rule
 * that states the memory; the reference passes it and the report says how late each memory was asked.
 */

const entry = bundledTargets.targets.reference as { command: string[] };

async function runAgainst(suite: string, mutant?: string, settings: Record<string, unknown> = {}) {
  const targets = writeTargets({
    target: { ...entry, ...settings, command: [...entry.command, ...(mutant ? ['--mutant', mutant] : [])] },
  });
  const result = await runCli([
    'run',
    '--targets',
    targets,
    '--target',
    'target',
    '--suite',
    suite,
    '--seed',
    '5',
    '--runs',
    '4',
    '--workers',
    '1',
  ]);
  return { result, rules: result.summary().rules };
}

test.each([
  ['loyalty', 'loyalty-nonces-forgotten-after-three-seconds', 'loyalty.mac.nonce-reuse'],
  ['shortener', 'shortener-paths-forgotten-after-five-registrations', 'shortener.vanity.taken-for-domain'],
])('%s: the mutant %s fails %s and nothing else', async (suite, mutant, rule) => {
  const { result, rules } = await runAgainst(suite, mutant);
  const output = result.stdout.slice(-3000);
  expect(
    rules.filter((one) => one.status === 'failed').map((one) => one.ruleId),
    output,
  ).toEqual([rule]);
  expect(result.code, output).toBe(1);
});

// Against the reference each memory is replayed late: judged on the whole reference run (test/cli/reference-run.test.ts).
test("the nightly horizon: with the entry's lateMemoryMs the replays wait until their first use is that old", async () => {
  const { result, rules } = await runAgainst('shortener', undefined, { lateMemoryMs: 7000 });
  const [late] = (rules.find((one) => one.ruleId === 'shortener.vanity.taken-for-domain')?.observations?.[
    'late replays'
  ] ?? []) as string[];
  expect(Number(late?.split(' ')[0]), result.stdout.slice(-3000)).toBeGreaterThanOrEqual(7);
  expect(result.code).toBe(0);
});

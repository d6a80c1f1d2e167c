import { expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * The self-tests' run servers (test/support/cli-run-servers.ts) run the CLI's commands one after another in a process
 * that loaded it once. A served run must be the CLI's run: the same exit, outcomes and replay line as a run in a process
 * of its own, and nothing of one run's environment left for the next.
 */

const args = ['run', '--rule', 'shortener.mappings.one-per-entry-in-order', '--seed', '3', '--runs', '5'];
const replayLine = (output: string) => /replay: (node \S+) run/.exec(output)?.[1];

test('a served run ends as the same run in a process of its own: exit, outcomes, output and replay line', async () => {
  const [served, fresh] = await Promise.all([runCli(args), runCli(args, {}, { freshProcess: true })]);
  expect(served.serverPid, 'served by a run server').toBeGreaterThan(0);
  expect(fresh.serverPid).toBeUndefined();
  expect(served.code, served.stderr).toBe(fresh.code);
  const outcomes = (result: typeof served) => result.summary().rules.map((rule) => [rule.ruleId, rule.status]);
  expect(outcomes(served)).toEqual(outcomes(fresh));
  expect(served.stdout).toMatch(/shortener\s+1 passed/);
  expect(served.stdout.split('\n')[0]).toBe(fresh.stdout.split('\n')[0]);

  // A failure's replay line starts the CLI's own file, in both.
  const entry = bundledTargets.targets.reference;
  if (!entry) throw new Error('bundled targets.json has no reference');
  const mutant = writeTargets({
    mutant: { ...entry, command: [...entry.command, '--mutant', 'shortener-answers-one-long-url'] },
  });
  const failing = ['run', '--targets', mutant, '--target', 'mutant', ...args.slice(1)];
  const [servedFailure, freshFailure] = await Promise.all([
    runCli(failing),
    runCli(failing, {}, { freshProcess: true }),
  ]);
  expect(servedFailure.code, servedFailure.stdout.slice(-2000)).toBe(1);
  expect(freshFailure.code).toBe(1);
  expect(replayLine(servedFailure.stdout)).toMatch(/^node \S+\/bin\/harness\.js$/);
  expect(replayLine(servedFailure.stdout)).toBe(replayLine(freshFailure.stdout));
}, 120_000);

test('each served run has its own environment: a variable one run was given is unset for the next on that server', async () => {
  const targets = writeTargets({
    staging: {
      kind: 'url',
      families: { shortener: { baseUrl: '${RUN_SERVER_BASE_URL}' } },
    },
  });
  const asked = ['run', '--targets', targets, '--target', 'staging', '--suite', 'shortener'];
  // A base URL nothing listens on: the preflight stops the run (exit 2), after the variable was read.
  const given = await runCli(asked, { RUN_SERVER_BASE_URL: 'http://127.0.0.1:9/shortener' });
  const unset = await runCli(asked);
  expect(unset.serverPid, 'the same server ran both').toBe(given.serverPid);
  expect(given.stderr).not.toMatch(/RUN_SERVER_BASE_URL/);
  expect(unset.code).toBe(2);
  expect(unset.stderr).toMatch(/RUN_SERVER_BASE_URL/);
});

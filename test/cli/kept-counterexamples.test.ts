import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * A failing sequence found once is kept in the entry's counterexamples folder and tried first by the next run of the
 * same target, in a fresh process: it fails again while the fault is there, and leaves the folder once it passes.
 */

const rule = 'shortener.vanity.taken-for-domain';

test('a shrunk sequence is kept, tried first by the next run, and leaves the folder once it passes', async () => {
  const entry = bundledTargets.targets.reference;
  if (!entry) throw new Error('bundled targets.json has no reference');
  const kept = tempFolder('harness-kept-');
  const targets = (mutant?: string) =>
    writeTargets({
      shortener: {
        ...entry,
        command: mutant ? [...entry.command, '--mutant', mutant] : entry.command,
        counterexamples: kept,
      },
    });
  const run = (file: string, seed: number) =>
    runCli(
      ['run', '--targets', file, '--target', 'shortener', '--suite', 'shortener', '--rule', rule].concat([
        '--seed',
        String(seed),
        '--runs',
        '5',
        '--workers',
        '1',
      ]),
    );
  const faulty = targets('shortener-refusal-forgets-paths');
  const found = await run(faulty, 3);
  const first = found.summary().rules.find((outcome) => outcome.ruleId === rule);
  expect(first?.status, found.stdout.slice(-3000)).toBe('failed');
  expect(first?.message).toContain('every later run against this target tries it first');
  const file = join(kept, 'shortener', `${rule}.json`);
  const record = JSON.parse(readFileSync(file, 'utf8')) as { kind: string; seed: number; path: string };
  expect(record).toMatchObject({ kind: 'sequence', seed: 3 });

  // Another seed, the fault still there: the kept sequence fails first, and stays kept.
  const again = await run(faulty, 91);
  const second = again.summary().rules.find((outcome) => outcome.ruleId === rule);
  expect(second?.status, `${second?.message}`).toBe('failed');
  expect(second?.message).toContain('tried first: it still fails');
  expect(existsSync(file)).toBe(true);

  // The fault fixed: the kept sequence passes, leaves the folder, and the rule says so.
  const fixed = await run(targets(), 91);
  const third = fixed.summary().rules.find((outcome) => outcome.ruleId === rule);
  expect(third?.status, fixed.stdout.slice(-3000)).toBe('passed');
  expect(String(third?.observations?.['kept counterexample'])).toContain('was tried first and passed: it left');
  expect(existsSync(file)).toBe(false);
  expect(readdirSync(join(kept, 'shortener'))).toEqual([]);
}, 240_000);

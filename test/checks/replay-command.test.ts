import { describe, expect, test } from 'vitest';
import { replayCommand } from '../../engine/failure-text.ts';
import type { RuleOutcome } from '../../rules/rule-outcome.ts';

const outcome: RuleOutcome = {
  ruleId: 'shortener.vanity.taken-for-domain',
  family: 'shortener',
  status: 'failed',
  section: 'Card-network interfaces (spec document 2), part D',
  replay: { seed: 3, path: '1:3:2', counterexample: '1. ...; 2. ...' },
};
const settings = { targetsFile: 'targets.json', targetName: 'mine', seed: 9, runs: 10 };

describe('the replay line', () => {
  test('reruns the rule with the seed of its counterexample and the runs of the run', () => {
    expect(replayCommand(outcome, settings)).toBe(
      'npx harness run --targets targets.json --target mine --suite shortener --rule shortener.vanity.taken-for-domain --seed 3 --runs 10',
    );
  });

  test('carries the sequence budget when the run was given one, so a stateful phase replays the same sequences', () => {
    expect(replayCommand(outcome, { ...settings, sequences: 400 })).toMatch(/ --seed 3 --runs 10 --sequences 400$/);
  });

  test('writes the targets file and the replay reports relative to the folder the run started in, where below it', () => {
    const copied = replayCommand(outcome, {
      ...settings,
      targetsFile: '/home/runner/work/api/ci/targets.json',
      replayReports: '/home/runner/work/api/reports/replay',
      startedIn: '/home/runner/work/api',
    });
    expect(copied).toContain('--targets ci/targets.json');
    expect(copied).toMatch(/--reports reports\/replay$/);
    // Outside that folder a path stays absolute: it would not resolve from there otherwise.
    expect(
      replayCommand(outcome, { ...settings, targetsFile: '/tmp/t/targets.json', startedIn: '/home/runner/work/api' }),
    ).toContain('--targets /tmp/t/targets.json');
  });
});

import { afterAll, describe, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';
import {
  allFaults,
  type FaultyService,
  faultedRules,
  type SequenceFaultFamily,
  shrunkSteps,
} from './sequence-faults.ts';

/**
 * The stateful phase's proof on a family's independent service with sequence-only faults: each fault fails the rule
 * that states it when that rule runs alone (as `harness mutants` runs it: no late replay, so only the phase can find
 * it), at the default sequence budget, with a shrunk sequence of 2 to 6 steps, every exchange of it in the evidence and
 * a replay naming seed and path; then every fault at once fails exactly those rules in a run of the whole family.
 */
export function describeSequenceFaults<Faults extends object>(family: SequenceFaultFamily<Faults>, seed: number): void {
  const started: FaultyService[] = [];
  afterAll(() => Promise.all(started.map((service) => service.close())));
  const runOn = async (faults: Faults, ...selection: string[]) => {
    const service = await family.start(faults);
    started.push(service);
    const targets = writeTargets({ service: service.entry });
    const run = ['run', '--targets', targets, '--target', 'service', ...selection];
    return runCli([...run, '--seed', String(seed), '--runs', '10'], { ...service.env, CI: 'true' });
  };

  describe(`sequence-only faults of an independent ${family.family} service`, () => {
    test.concurrent.for(family.cases.map((fault) => [fault.name, fault] as const))(
      '%s: the rule that states it fails, alone, with the shrunk sequence',
      async ([, fault]) => {
        const alone = await runOn(fault.faults, '--rule', fault.ruleId);
        expect(alone.code, alone.stdout.slice(-5000)).toBe(1);
        const [rule] = alone.summary().rules;
        expect(rule?.status, rule?.message).toBe('failed');
        const steps = shrunkSteps(rule?.message ?? '');
        expect(steps.length, rule?.message).toBeGreaterThanOrEqual(2);
        expect(steps.length, rule?.message).toBeLessThanOrEqual(6);
        expect(rule?.evidence?.length, rule?.message).toBe(steps.length);
        expect(rule?.replay?.seed).toBe(seed);
        expect(rule?.replay?.path).toMatch(/^\d+(:\d+)*$/);
        expect(alone.stdout).toContain(`--rule ${fault.ruleId} --seed ${seed}`);
      },
    );

    test('every fault at once: the family fails the rules that state them, and no other', async () => {
      const leftOut = new Set(family.leftOut ?? []);
      const selection = leftOut.size
        ? (familyByName(family.family)?.rules ?? [])
            .filter((rule) => !leftOut.has(rule.id))
            .flatMap((rule) => ['--rule', rule.id])
        : [];
      const whole = await runOn(allFaults(family), '--suite', family.family, ...selection, '--workers', '1');
      expect(whole.code, whole.stdout.slice(-5000)).toBe(1);
      // What does not apply to the service (another mode) is no verdict.
      const judged = whole.summary().rules.filter((outcome) => outcome.status !== 'not-applicable');
      expect(
        judged
          .filter((outcome) => outcome.status !== 'passed')
          .map((outcome) => `${outcome.ruleId} ${outcome.status}`)
          .sort(),
        whole.stdout.slice(-5000),
      ).toEqual(
        [...new Set([...faultedRules(family), ...(family.failingWithoutFaults ?? [])])]
          .sort()
          .map((ruleId) => `${ruleId} failed`),
      );
    });
  });
}

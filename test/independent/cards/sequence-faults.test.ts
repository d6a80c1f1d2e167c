import { afterAll, describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { type DocumentService, type SequenceFaults, startDocumentService } from './document-service.ts';

/*
 * The cards stateful phases' proof on a service written from document 2, part B (not the reference), with faults only
 * a sequence of requests shows: every single request behaves and the planned probes pass. Each fault fails the one
 * rule whose sentence it breaks, at the default sequence budget, with the shrunk sequence shown step by step; all of
 * them at once fail those rules and no other. bench/stateful-bench.ts runs more seeds.
 */

const services: DocumentService[] = [];
afterAll(() => Promise.all(services.map((service) => service.close())));

const faults: [string, SequenceFaults, string][] = [
  [
    'an accepted assignment answered again, per user, for a card that has another user',
    { assignmentAnswerKeptPerUser: true },
    'cards.assign.no-reassignment',
  ],
  [
    'a second DELETE of an unenrolled account enrols it again',
    { repeatedUnenrolmentRestores: true },
    'cards.unenrol.cards-inaccessible',
  ],
];

/** A run of the given rules (or suite) against a fresh service with the given faults. */
async function runAgainst(fault: SequenceFaults, selection: string[]) {
  const service = await startDocumentService({}, fault);
  services.push(service);
  const targets = writeTargets({ service: { kind: 'url', families: { cards: service.section('SEQUENCE_TOKEN') } } });
  return runCli(['run', '--targets', targets, '--target', 'service', ...selection, '--seed', '4', '--runs', '10'], {
    CI: 'true',
    SEQUENCE_TOKEN: service.token,
  });
}

/** The numbered steps of the shortest failing sequence, read from the rule's message. */
function shrunkSteps(message: string): string[] {
  const [, steps = ''] = message.split(/The shortest sequence that fails[^\n]*\n/);
  return steps.split('\n').filter((line) => /^\d+\. /.test(line));
}

describe('sequence-only faults of an independent card-on-demand service', () => {
  test.concurrent.for(faults)('%s: its rule fails, alone, with the shrunk sequence', async ([, fault, ruleId]) => {
    const alone = await runAgainst(fault, ['--rule', ruleId]);
    expect(alone.code, alone.stdout.slice(-5000)).toBe(1);
    const [rule] = alone.summary().rules;
    const steps = shrunkSteps(rule?.message ?? '');
    expect(steps.length, rule?.message).toBeGreaterThanOrEqual(2);
    expect(steps.length, rule?.message).toBeLessThanOrEqual(6);
    // Every exchange of the shrunk sequence is in the evidence, in order, and its replay names seed and path.
    expect(rule?.evidence?.length).toBe(steps.length);
    expect(rule?.replay?.seed).toBe(4);
    expect(rule?.replay?.path).toMatch(/^\d+(:\d+)*$/);
    expect(rule?.message).toMatch(/^step \d+: .*the model expects/);
  });

  test('every fault at once: the whole family fails the rules that state them, and no other', async () => {
    const all = Object.assign({}, ...faults.map(([, fault]) => fault)) as SequenceFaults;
    const family = await runAgainst(all, ['--suite', 'cards']);
    expect(family.code, family.stdout.slice(-5000)).toBe(1);
    const rules = family.summary().rules;
    expect(rules.filter((rule) => rule.status === 'failed').map((rule) => rule.ruleId)).toEqual(
      faults.map(([, , ruleId]) => ruleId),
    );
    // The rest passed, but the wallet rule of the other mode (this service has not signed up for wallet provisioning).
    expect(
      rules
        .filter((rule) => !['passed', 'failed'].includes(rule.status))
        .map((rule) => `${rule.ruleId} ${rule.status}`),
    ).toEqual(['cards.assign.wallet-required not-applicable']);
  });
});

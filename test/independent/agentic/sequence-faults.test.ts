import { afterAll, describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { type DocumentPartner, type SequenceFaults, startDocumentPartner } from './document-partner.ts';

/*
 * The stateful phase's proof on a partner written from document 2, part C (not the reference), with faults only a
 * sequence of notifications shows: every single notification behaves, and the planned probes pass. Each fault fails
 * the one rule whose sentence it breaks, alone at the default sequence budget, with the shrunk sequence shown step by
 * step; then all of them at once fail exactly those rules in a run of the whole family. The partner without faults
 * passes with the phase in document-partner.test.ts.
 */

const secrets = { PARTNER_TOKEN: 'partner-bearer-token-1' };
const partners: DocumentPartner[] = [];
afterAll(() => Promise.all(partners.map((partner) => partner.close())));

const faults: [string, SequenceFaults, string][] = [
  [
    'a refusal leaves its error in the next 200 about the enrollment',
    { errorKeptPerEnrollment: true },
    'agentic.bodies.accepted-empty',
  ],
  [
    'an error body cached per step-up session answers a later refusal',
    { errorCachedPerStepUpSession: true },
    'agentic.payload.required-fields',
  ],
  [
    'a refused notification re-sent with its trackingId is acknowledged',
    { trackingIdAcknowledgedTwice: true },
    'agentic.payload.required-fields',
  ],
];

/** A partner with the faults, and a run of the harness against it with the given selection. */
async function partnerWith(fault: SequenceFaults) {
  const partner = await startDocumentPartner({ token: secrets.PARTNER_TOKEN }, fault);
  partners.push(partner);
  const targets = writeTargets({
    partner: {
      kind: 'url',
      families: {
        agentic: {
          baseUrl: partner.baseUrl,
          token: '${PARTNER_TOKEN}',
          encryption: { publicKey: partner.publicKey, alg: 'ECDH-ES+A256KW', enc: 'A128GCM' },
        },
      },
    },
  });
  return (...selection: string[]) =>
    runCli(['run', '--targets', targets, '--target', 'partner', ...selection, '--seed', '3', '--runs', '10'], {
      ...secrets,
      CI: 'true',
    });
}

/** The numbered steps of the shortest failing sequence, read from the rule's message. */
function shrunkSteps(message: string): string[] {
  const [, steps = ''] = message.split(/The shortest sequence that fails[^\n]*\n/);
  return steps.split('\n').filter((line) => /^\d+\. /.test(line));
}

describe('sequence-only faults of an independent agentic partner', () => {
  test.concurrent.for(faults)('%s: its rule fails, alone, with the shrunk sequence', async ([, fault, ruleId]) => {
    const alone = await (await partnerWith(fault))('--rule', ruleId);
    expect(alone.code, alone.stdout.slice(-5000)).toBe(1);
    const [rule] = alone.summary().rules;
    const steps = shrunkSteps(rule?.message ?? '');
    expect(steps.length, rule?.message).toBeGreaterThanOrEqual(2);
    expect(steps.length, rule?.message).toBeLessThanOrEqual(6);
    // Every exchange of the shrunk sequence is in the evidence, in order, and its replay names seed and path.
    expect(rule?.evidence?.length).toBe(steps.length);
    expect(rule?.replay?.seed).toBe(3);
    expect(rule?.replay?.path).toMatch(/^\d+(:\d+)*$/);
    expect(alone.stdout).toContain(`--rule ${ruleId} --seed 3`);
  });

  test('all the faults at once fail exactly the rules that state them in a run of the whole family', async () => {
    const all = Object.assign({}, ...faults.map(([, fault]) => fault)) as SequenceFaults;
    const family = await (await partnerWith(all))('--suite', 'agentic', '--workers', '1');
    expect(family.code, family.stdout.slice(-5000)).toBe(1);
    const notPassed = family.summary().rules.filter((outcome) => outcome.status !== 'passed');
    expect(notPassed.map((outcome) => `${outcome.ruleId} ${outcome.status}`).sort()).toEqual(
      [...new Set(faults.map(([, , ruleId]) => ruleId))].map((ruleId) => `${ruleId} failed`).sort(),
    );
  });
});

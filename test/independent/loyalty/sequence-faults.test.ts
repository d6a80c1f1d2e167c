import { afterAll, describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { type DocumentNetwork, type SequenceFaults, startDocumentNetwork } from './document-network.ts';

/*
 * The stateful phase's proof on a loyalty network written from document 2, part A (not the reference), with faults
 * only a sequence of requests shows: every single request behaves, and the planned probes pass. Each fault fails the
 * one rule whose sentence it breaks (a nonce "different for each request", a requestor_order_id "unique across all
 * time"), at the default sequence budget, with the shrunk sequence shown step by step; all of them at once fail those
 * rules and no other. The network without faults passes with the phase in document-network.test.ts.
 */

const secrets = {
  LTY_API_KEY: 'network-app-key-1',
  LTY_MAC_SECRET: 'network-mac-secret-of-the-test',
  LTY_TOKEN: 'network-bearer-token-1',
};
const nonceRule = 'loyalty.mac.nonce-reuse';
const orderRule = 'loyalty.transfer.order-id-unique';
const networks: DocumentNetwork[] = [];
afterAll(() => Promise.all(networks.map((network) => network.close())));

const faults: [string, string, SequenceFaults][] = [
  ['notify looks a nonce up only among the nonces notify used', nonceRule, { notifyNoncesApart: true }],
  ['an order refused for a body field releases its requestor_order_id', orderRule, { refusalReleasesOrderId: true }],
  ['a requestor_order_id is kept with the amount', orderRule, { orderIdKeptWithAmount: true }],
];

/** A network with the faults, and a run of the harness on it with the given selection. */
async function networkWith(fault: SequenceFaults) {
  const network = await startDocumentNetwork(
    {
      apiKey: secrets.LTY_API_KEY,
      macId: 'network-client-7',
      macSecret: secrets.LTY_MAC_SECRET,
      bearerToken: secrets.LTY_TOKEN,
    },
    fault,
  );
  networks.push(network);
  const loyalty = {
    baseUrl: network.baseUrl,
    apiKey: '${LTY_API_KEY}',
    mac: { id: 'network-client-7', secret: '${LTY_MAC_SECRET}', encoding: 'hex', windowMs: network.windowMs },
    bearerToken: '${LTY_TOKEN}',
    mandatoryDemographics: network.mandatoryDemographics,
  };
  const targets = writeTargets({ network: { kind: 'url', families: { loyalty } } });
  return (...selection: string[]) =>
    runCli(['run', '--targets', targets, '--target', 'network', ...selection, '--seed', '4', '--runs', '10'], {
      ...secrets,
      CI: 'true',
    });
}

/** The numbered steps of the shortest failing sequence, read from the rule's message. */
function shrunkSteps(message: string): string[] {
  const [, steps = ''] = message.split(/The shortest sequence that fails[^\n]*\n/);
  return steps.split('\n').filter((line) => /^\d+\. /.test(line));
}

describe('sequence-only faults of an independent loyalty network', () => {
  test.concurrent.for(faults)(
    '%s: the rule that states it fails, alone, with the shrunk sequence',
    async ([, ruleId, fault]) => {
      const run = await networkWith(fault);
      // The rule alone (as harness mutants runs it: no late replay): only its stateful phase can find the fault.
      const alone = await run('--rule', ruleId);
      expect(alone.code, alone.stdout.slice(-5000)).toBe(1);
      const [rule] = alone.summary().rules;
      expect(rule?.status, rule?.message).toBe('failed');
      const steps = shrunkSteps(rule?.message ?? '');
      expect(steps.length, rule?.message).toBeGreaterThanOrEqual(2);
      expect(steps.length, rule?.message).toBeLessThanOrEqual(6);
      // Each step says what it sent and what the model expected; the failing one names the rule.
      expect(
        steps.every((step) => step.includes('the model expects')),
        rule?.message,
      ).toBe(true);
      expect(steps.at(-1), rule?.message).toContain(`(${ruleId})`);
      // Every exchange of the shrunk sequence is in the evidence, in order, and its replay names seed and path.
      expect(rule?.evidence?.length).toBe(steps.length);
      expect(rule?.replay?.seed).toBe(4);
      expect(rule?.replay?.path).toMatch(/^\d+(:\d+)*$/);
      expect(alone.stdout).toContain(`--rule ${ruleId} --seed 4`);
    },
  );

  test('every fault at once: the family fails the two rules that state them, and no other', async () => {
    const run = await networkWith(Object.assign({}, ...faults.map(([, , fault]) => fault)));
    const family = await run('--suite', 'loyalty', '--workers', '1');
    expect(family.code, family.stdout.slice(-5000)).toBe(1);
    const notPassed = family.summary().rules.filter((outcome) => outcome.status !== 'passed');
    expect(notPassed.map((outcome) => `${outcome.ruleId} ${outcome.status}`).sort()).toEqual([
      `${nonceRule} failed`,
      `${orderRule} failed`,
    ]);
  });
});

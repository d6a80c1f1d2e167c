import { afterAll, describe, expect, test } from 'vitest';
import { billingRules } from '../../../rules/billing/rules.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { type DocumentBilling, type SequenceFaults, startDocumentBilling } from './document-service.ts';

/*
 * The stateful phase's proof on a billing service written from document 1 (not the reference), with faults only a
 * sequence of requests shows: every single request behaves, and the planned probes pass. Each fault fails the one rule
 * whose sentence it breaks, at the default sequence budget, with the shrunk sequence shown step by step; all three at
 * once fail those three rules and nothing else. bench/stateful-bench.ts runs more seeds.
 */

const services: DocumentBilling[] = [];
afterAll(() => Promise.all(services.map((service) => service.close())));

const secrets = {
  SERVICE_CLIENT_ID: 'a1b2c3d4-0000-4000-8000-00000000c11e',
  SERVICE_CLIENT_SECRET: 'service-secret-of-the-test',
};

const faults: [string, SequenceFaults, RuleId][] = [
  [
    'an org refused once is stripped when the same request comes again',
    { orgRefusalRemembered: true },
    'billing.headers.org_ids.accessible',
  ],
  [
    'a refused request carrying a key forgets what the key answered',
    { refusalForgetsKey: true },
    'billing.headers.idempotency_key.replay',
  ],
  [
    "the query reads a pricing cache filled by a charge's first update",
    { pricingCachedAtFirstUpdate: true },
    'billing.charges.update.body_identifies',
  ],
];

/** What this service fails or does not serve today, faults or not (no gzip, no rate card, no rate limit, one org). */
const outsideTheProof: RuleId[] = [
  'billing.catalog.invalid_input.status',
  'billing.compression.response_over_threshold',
  'billing.compression.request_gzip',
  'billing.headers.entity_ids.forbidden',
  'billing.charges.query.rate_card_match',
];

/** A multi-org service (one accessible org declared, so the scope rule is not applicable) and its targets file. */
async function faultyService(fault: SequenceFaults): Promise<string> {
  const service = await startDocumentBilling({
    clientId: secrets.SERVICE_CLIENT_ID,
    clientSecret: secrets.SERVICE_CLIENT_SECRET,
    accessibleOrgs: ['org-a', 'org-b'],
    faults: fault,
  });
  services.push(service);
  const billing = {
    baseUrl: service.baseUrl,
    credentials: { clientId: '${SERVICE_CLIENT_ID}', clientSecret: '${SERVICE_CLIENT_SECRET}' },
    tenant: { multiOrg: true, accessibleOrgs: ['org-a'], inaccessibleOrgs: ['org-z'] },
  };
  return writeTargets({ service: { kind: 'url', families: { billing } } });
}

const run = (targets: string, ...selection: string[]) =>
  runCli(
    ['run', '--targets', targets, '--target', 'service', ...selection, '--seed', '4', '--runs', '10', '--workers', '1'],
    { CI: 'true', ...secrets },
  );

/** The numbered steps of the shortest failing sequence, read from the rule's message. */
function shrunkSteps(message: string): string[] {
  const [, steps = ''] = message.split(/The shortest sequence that fails[^\n]*\n/);
  return steps.split('\n').filter((line) => /^\d+\. /.test(line));
}

describe('sequence-only faults of an independent billing service', () => {
  test.concurrent.for(faults)('%s: its rule fails, alone, with the shrunk sequence', async ([, fault, ruleId]) => {
    const targets = await faultyService(fault);
    // The rule alone: only its stateful phase can find the fault.
    const alone = await run(targets, '--rule', ruleId);
    expect(alone.code, alone.stdout.slice(-5000)).toBe(1);
    const [rule] = alone.summary().rules;
    expect(rule?.status, rule?.message).toBe('failed');
    const steps = shrunkSteps(rule?.message ?? '');
    expect(steps.length, rule?.message).toBeGreaterThanOrEqual(2);
    expect(steps.length, rule?.message).toBeLessThanOrEqual(6);
    // Each step says what the request was and what the model expected of it.
    for (const step of steps) expect(step).toMatch(/; expected: /);
    // Every exchange of the shrunk sequence is in the evidence, in order, and its replay names seed and path.
    expect(rule?.evidence?.length).toBe(steps.length);
    expect(rule?.replay?.seed).toBe(4);
    expect(rule?.replay?.path).toMatch(/^\d+(:\d+)*$/);
    expect(alone.stdout).toContain(`--rule ${ruleId} --seed 4`);
  });

  test('all three at once: exactly their three rules fail, the family otherwise as without them', async () => {
    const targets = await faultyService(Object.assign({}, ...faults.map(([, fault]) => fault)));
    // Every rule but the token rate limit (seconds of offered load, and no sequence in it).
    const selection = billingRules
      .filter((rule) => rule.id !== 'billing.token.rate_limit')
      .flatMap((rule) => ['--rule', rule.id]);
    const family = await run(targets, '--suite', 'billing', ...selection);
    const failed = family
      .summary()
      .rules.filter((outcome) => outcome.status !== 'passed' && outcome.status !== 'not-applicable')
      .map((outcome) => `${outcome.ruleId} ${outcome.status}`);
    expect(failed.sort(), family.stdout.slice(-5000)).toEqual(
      [...outsideTheProof, ...faults.map(([, , ruleId]) => ruleId)].map((ruleId) => `${ruleId} failed`).sort(),
    );
  });
});

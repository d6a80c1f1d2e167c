import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { billingFamily } from '../../families/billing.ts';
import { type RunningReference, startReferenceServer } from '../../reference/server.ts';
import { expectEveryRulePassed } from '../independent/every-rule-judged.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';
import { type RenamedBilling, startRenamedBilling } from './fixtures/team-billing/renamed-billing.ts';
import { teamBillingEntry, teamFields } from './fixtures/team-billing/team-entry.ts';

/*
 * A team's billing service whose records have other field names than the reference's (the reference behind a proxy
 * that renames every field, fixtures/team-billing/renamed-billing.ts), judged with an adapter module of the team's own
 * named by path in the entry, relative to the targets file (fixtures/team-billing/team-adapter.ts): conformant, with
 * no edit of the harness. An adapter with a mistake is a configuration error naming the key, before any traffic.
 */

const fixtures = fileURLToPath(new URL('./fixtures/team-billing/', import.meta.url));
const env: NodeJS.ProcessEnv = {};
let reference: RunningReference;
let service: RenamedBilling;
beforeAll(async () => {
  reference = await startReferenceServer({ serve: [billingFamily], families: { billing: { mode: 'multi' } }, env });
  service = await startRenamedBilling(reference.baseUrls.billing as string);
});
afterAll(async () => {
  await service?.close();
  await reference?.close();
});

/** A targets file naming `adapter` (a file of fixtures/team-billing by its path relative to the targets file, or a mapping). */
function targetsWith(adapterFile: string | { fields: Record<string, string> }): string {
  const placeholder = writeTargets({});
  const path = typeof adapterFile === 'string' ? relative(dirname(placeholder), `${fixtures}${adapterFile}`) : '';
  const adapter = typeof adapterFile === 'string' ? (path.startsWith('.') ? path : `./${path}`) : adapterFile;
  return writeTargets({ team: teamBillingEntry(service.baseUrl, env, adapter) });
}

const secrets = () => ({
  TEAM_CLIENT_ID: env.REFERENCE_CLIENT_ID as string,
  TEAM_CLIENT_SECRET: env.REFERENCE_CLIENT_SECRET as string,
});

test.each([
  ["the team's own adapter module", 'team-adapter.ts'],
  ['a field mapping in the entry', { fields: teamFields }],
] as const)(
  'a service with its own field names is conformant on every billing rule through %s',
  async (_, adapter) => {
    const result = await runCli(
      ['run', '--targets', targetsWith(adapter), '--target', 'team', '--suite', 'billing'].concat([
        '--seed',
        '5',
        '--runs',
        '10',
        '--workers',
        '1',
      ]),
      secrets(),
    );
    expectEveryRulePassed(result, 'billing', { notApplicable: true });
    expect(result.code, result.stdout.slice(-3000)).toBe(0);
  },
  240_000,
);

test('an adapter module with a mistake is CONFIG_INVALID naming the key and what is missing, before any traffic', async () => {
  const result = await runCli(
    ['run', '--targets', targetsWith('mistaken-adapter.ts'), '--target', 'team', '--suite', 'billing'],
    secrets(),
  );
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(
    /CONFIG_INVALID: targets\.team\.families\.billing\.adapter: the adapter of \S+mistaken-adapter\.ts has no createChargeBody/,
  );
  expect(result.stdout).not.toContain('running the suites');
});

test('a field mapping that would map nothing is CONFIG_INVALID naming the field, before any traffic', async () => {
  const result = await runCli(
    ['run', '--targets', targetsWith({ fields: { ...teamFields, chrge: 'prpc2' } }), '--target', 'team'],
    secrets(),
  );
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain('targets.team.families.billing.adapter.fields.chrge');
  expect(result.stderr).toContain("is no field of the reference's records");
  expect(result.stdout).not.toContain('running the suites');
});

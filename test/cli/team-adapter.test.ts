import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { billingFamily } from '../../families/billing.ts';
import { type RunningReference, startReferenceServer } from '../../reference/server.ts';
import { expectEveryRulePassed } from '../independent/every-rule-judged.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';
import { type RenamedBilling, startRenamedBilling } from './fixtures/team-billing/renamed-billing.ts';

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

/** A targets file naming `adapter` (a file of fixtures/team-billing) by its path relative to the targets file. */
function targetsWith(adapterFile: string): string {
  const section = billingFamily.reference.targetSection(service.baseUrl, 'multi', env) as Record<string, unknown>;
  const placeholder = writeTargets({});
  const adapter = relative(dirname(placeholder), `${fixtures}${adapterFile}`);
  return writeTargets({
    team: {
      kind: 'url',
      families: {
        billing: {
          ...section,
          credentials: { clientId: '${TEAM_CLIENT_ID}', clientSecret: '${TEAM_CLIENT_SECRET}' },
          adapter: adapter.startsWith('.') ? adapter : `./${adapter}`,
        },
      },
    },
  });
}

const secrets = () => ({
  TEAM_CLIENT_ID: env.REFERENCE_CLIENT_ID as string,
  TEAM_CLIENT_SECRET: env.REFERENCE_CLIENT_SECRET as string,
});

test("a service with its own field names is conformant on every billing rule through the team's own adapter", async () => {
  const result = await runCli(
    ['run', '--targets', targetsWith('team-adapter.ts'), '--target', 'team', '--suite', 'billing'].concat([
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
}, 240_000);

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

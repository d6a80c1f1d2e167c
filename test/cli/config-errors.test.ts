import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * A user's own mistakes are configuration errors (exit 2, before any traffic, naming the key path), never a
 * verdict on the target: an unset ${VAR} (also one named like the bundled reference's), and values the
 * harness sends as valid whose form the billing document fixes.
 */

let requests = 0;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
    response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/billing`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const validId = '5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';

function billingEntry(overrides: { credentials?: Record<string, string>; tenant?: Record<string, unknown> } = {}) {
  return {
    kind: 'url',
    families: {
      billing: {
        baseUrl,
        credentials: overrides.credentials ?? { clientId: '${MINE_ID}', clientSecret: '${MINE_SECRET}' },
        tenant: overrides.tenant ?? { multiEntity: false, multiOrg: false },
      },
    },
  };
}

async function expectConfigError(entry: unknown, env: NodeJS.ProcessEnv, expected: RegExp[]) {
  const before = requests;
  const targets = writeTargets({ mine: entry });
  const result = await runCli(['run', '--targets', targets, '--target', 'mine', '--runs', '1'], env);
  expect(result.code, result.stdout + result.stderr).toBe(2);
  for (const pattern of expected) expect(result.stderr).toMatch(pattern);
  expect(requests - before, 'no request reached the target').toBe(0);
  expect(existsSync(join(result.reportsDir, 'summary.json'))).toBe(false);
  return result;
}

describe('configuration errors of a user targets file', () => {
  test('an unset ${REFERENCE_CLIENT_ID} in a user file is an error naming the key and the variable, never a generated value', async () => {
    const entry = billingEntry({ credentials: { clientId: '${REFERENCE_CLIENT_ID}', clientSecret: '${REFERENCE_CLIENT_SECRET}' } });
    await expectConfigError(entry, { REFERENCE_CLIENT_ID: undefined, REFERENCE_CLIENT_SECRET: undefined }, [
      /ENV_MISSING: targets\.mine\.families\.billing\.credentials\.clientId uses \$\{REFERENCE_CLIENT_ID\}, which is not set/,
    ]);
  });

  test.each([
    ['a client_id of 35 characters', { MINE_ID: validId.slice(1), MINE_SECRET: 'secret' }, /targets\.mine\.families\.billing\.credentials\.clientId.*exactly 36 characters \(rule billing\.token\.client_id\.length\)/],
    ['a client_secret of 43 characters', { MINE_ID: validId, MINE_SECRET: 's'.repeat(43) }, /targets\.mine\.families\.billing\.credentials\.clientSecret.*at most 42 characters \(rule billing\.token\.client_secret\.length\)/],
  ])('%s is refused with the key path and the rule', async (_, env, expected) => {
    const result = await expectConfigError(billingEntry(), env, [/CONFIG_INVALID/, expected]);
    // The value itself, a secret, is never printed.
    expect(result.stdout + result.stderr).not.toContain(env.MINE_SECRET);
  });

  test('entity and org ids the tenant declares must have the form the harness sends as valid', async () => {
    const env = { MINE_ID: validId, MINE_SECRET: 'secret' };
    await expectConfigError(billingEntry({ tenant: { multiEntity: true, tokenEntityScope: 'multiple', entityIds: ['entity-1'] } }), env, [
      /targets\.mine\.families\.billing\.tenant\.entityIds\[0\].*UUID with hyphens \(rule billing\.token\.entity_ids\.uuid\)/,
    ]);
    await expectConfigError(billingEntry({ tenant: { multiEntity: true, tokenEntityScope: 'multiple' } }), env, [/targets\.mine\.families\.billing\.tenant\.entityIds.*at least one entity id/]);
    await expectConfigError(billingEntry({ tenant: { multiOrg: true, accessibleOrgs: ['org-a,org-b'] } }), env, [/targets\.mine\.families\.billing\.tenant\.accessibleOrgs\[0\].*without commas/]);
  });
});

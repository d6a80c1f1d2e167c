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
  server = createServer((_request, response) => {
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
    const entry = billingEntry({
      credentials: { clientId: '${REFERENCE_CLIENT_ID}', clientSecret: '${REFERENCE_CLIENT_SECRET}' },
    });
    await expectConfigError(entry, { REFERENCE_CLIENT_ID: undefined, REFERENCE_CLIENT_SECRET: undefined }, [
      /ENV_MISSING: targets\.mine\.families\.billing\.credentials\.clientId uses \$\{REFERENCE_CLIENT_ID\}, which is not set/,
    ]);
  });

  test.each([
    [
      'a client_id of 35 characters',
      { MINE_ID: validId.slice(1), MINE_SECRET: 'secret' },
      /targets\.mine\.families\.billing\.credentials\.clientId.*exactly 36 characters \(rule billing\.token\.client_id\.length\)/,
    ],
    [
      'a client_secret of 43 characters',
      { MINE_ID: validId, MINE_SECRET: 's'.repeat(43) },
      /targets\.mine\.families\.billing\.credentials\.clientSecret.*at most 42 characters \(rule billing\.token\.client_secret\.length\)/,
    ],
  ])('%s is refused with the key path and the rule', async (_, env, expected) => {
    const result = await expectConfigError(billingEntry(), env, [/CONFIG_INVALID/, expected]);
    // The value itself, a secret, is never printed.
    expect(result.stdout + result.stderr).not.toContain(env.MINE_SECRET);
  });

  test('entity and org ids the tenant declares must have the form the harness sends as valid', async () => {
    const env = { MINE_ID: validId, MINE_SECRET: 'secret' };
    await expectConfigError(
      billingEntry({ tenant: { multiEntity: true, tokenEntityScope: 'multiple', entityIds: ['entity-1'] } }),
      env,
      [
        /targets\.mine\.families\.billing\.tenant\.entityIds\[0\].*UUID with hyphens \(rule billing\.token\.entity_ids\.uuid\)/,
      ],
    );
    await expectConfigError(billingEntry({ tenant: { multiEntity: true, tokenEntityScope: 'multiple' } }), env, [
      /targets\.mine\.families\.billing\.tenant\.entityIds.*at least one entity id/,
    ]);
    await expectConfigError(billingEntry({ tenant: { multiOrg: true, accessibleOrgs: ['org-a,org-b'] } }), env, [
      /targets\.mine\.families\.billing\.tenant\.accessibleOrgs\[0\].*without commas/,
    ]);
  });
});

describe('selections that judge no rule', () => {
  const env = { MINE_ID: validId, MINE_SECRET: 'secret' };

  async function expectSelectionError(selection: string[], expected: RegExp[]) {
    const before = requests;
    const targets = writeTargets({ mine: billingEntry() });
    const result = await runCli(['run', '--targets', targets, '--target', 'mine', '--runs', '1', ...selection], env);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    for (const pattern of expected) expect(result.stderr).toMatch(pattern);
    expect(requests - before, 'no request reached the target').toBe(0);
    expect(existsSync(join(result.reportsDir, 'summary.json'))).toBe(false);
    expect(result.stdout).not.toMatch(/CONFORMANT/);
  }

  test('a typo in --rule is a usage error naming the closest rule id, before any traffic', async () => {
    await expectSelectionError(
      ['--rule', 'billing.token.client_id.lenght'],
      [/USAGE: No rule "billing\.token\.client_id\.lenght" \(did you mean "billing\.token\.client_id\.length"\?\)/],
    );
    // The issue's own typo: a rule of a family this target does not even declare.
    await expectSelectionError(
      ['--rule', 'shortener.long-url.valid-ur'],
      [/No rule "shortener\.long-url\.valid-ur" \(did you mean "shortener\.long-url\.valid-url"\?\)/],
    );
  });

  test('a made-up id, and a rule of a family the target does not declare, are each said as such', async () => {
    await expectSelectionError(['--rule', 'nope.rule'], [/USAGE: No rule "nope\.rule"/]);
    await expectSelectionError(
      ['--rule', 'shortener.long-url.valid-url'],
      [/rule shortener\.long-url\.valid-url belongs to family shortener, which target mine does not declare/],
    );
  });

  test('a mixed selection (one known id, one unknown) is an error naming the unknown one only', async () => {
    await expectSelectionError(
      ['--rule', 'billing.token.client_id.length', '--rule', 'nope.rule'],
      [/No rule "nope\.rule"/],
    );
    const targets = writeTargets({ mine: billingEntry() });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'mine',
        '--runs',
        '1',
        '--rule',
        'billing.token.client_id.length',
        '--rule',
        'nope.rule',
      ],
      env,
    );
    expect(result.stderr).not.toMatch(/"billing\.token\.client_id\.length"/);
  });

  test('harness mutants with a --rule that names no rule, or a rule of a family --suite leaves out, exits 2 before any reference starts', async () => {
    const unknown = await runCli(['mutants', '--rule', 'nope.rule', '--reports', '{reports}']);
    expect(unknown.code, unknown.stdout + unknown.stderr).toBe(2);
    expect(unknown.stderr).toMatch(/USAGE: No rule "nope\.rule"/);
    expect(existsSync(join(unknown.reportsDir, 'mutants.json'))).toBe(false);
    const typo = await runCli([
      'mutants',
      '--suite',
      'shortener',
      '--rule',
      'shortener.long-url.valid-ur',
      '--reports',
      '{reports}',
    ]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean "shortener\.long-url\.valid-url"/);
    const elsewhere = await runCli([
      'mutants',
      '--suite',
      'shortener',
      '--rule',
      'billing.token.client_id.length',
      '--reports',
      '{reports}',
    ]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toMatch(
      /rule billing\.token\.client_id\.length belongs to family billing, which --suite does not select/,
    );
  });
});

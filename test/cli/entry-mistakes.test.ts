import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BlindService } from '../blind/blind-run.ts';
import { startBlindService as startBilling } from '../blind/billing/service.ts';
import { startBlindService as startCustody } from '../blind/custody/service.ts';
import { startBlindService as startLoyalty } from '../blind/loyalty/service.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * The team's own mistakes in an entry are configuration errors, exit 2 with the key to edit, before any verdict:
 * a base URL with a wrong path, a wrong bearer token or MAC secret, a wrong OAuth client, an empty CI secret. One
 * family of each document, on the blind implementations (test/blind/), which are conformant with a right entry.
 */

const services: Record<string, BlindService> = {};
beforeAll(async () => {
  [services.billing, services.loyalty, services.custody] = await Promise.all([
    startBilling(),
    startLoyalty(),
    startCustody(),
  ]);
});
afterAll(() => Promise.all(Object.values(services).map((service) => service.close())));

/** `harness run` of one family with the blind service's entry, its section and environment changed. */
async function runWith(
  family: string,
  change: { section?: (section: Record<string, unknown>) => Record<string, unknown>; env?: Record<string, string> },
) {
  const service = services[family] as BlindService;
  const section = change.section ? change.section(service.section) : service.section;
  const targets = writeTargets({ mine: { kind: 'url', families: { [family]: section } } });
  const result = await runCli(
    ['run', '--targets', targets, '--target', 'mine', '--suite', family, '--runs', '5', '--workers', '1'],
    { ...service.env, ...change.env },
  );
  return { ...result, output: `${result.stdout}\n${result.stderr}` };
}

const withPath = (suffix: string) => (section: Record<string, unknown>) => ({
  ...section,
  baseUrl: `${String(section.baseUrl)}${suffix}`,
});

describe.each(['billing', 'loyalty', 'custody'])('%s: a base URL with a wrong path', (family) => {
  test('is BASE_URL_WRONG naming families.<family>.baseUrl, with what was asked and answered, before any rule', async () => {
    const result = await runWith(family, { section: withPath('/v9') });
    expect(result.code, result.output).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`BASE_URL_WRONG: ${family}: no operation of the family answers`));
    expect(result.stderr).toMatch(/\/v9\/\S+ answered 404/);
    expect(result.stderr).toContain(`edit targets.mine.families.${family}.baseUrl`);
    expect(result.stdout).not.toMatch(/\d+ passed, \d+ failed/);
  });
});

test('loyalty: a wrong bearer token is PREFLIGHT_FAILED naming families.loyalty.bearerToken', async () => {
  const result = await runWith('loyalty', { env: { BLIND_LOYALTY_BEARER_TOKEN: 'a-token-nobody-issued' } });
  expect(result.code, result.output).toBe(2);
  expect(result.stderr).toContain('bearer token refused');
  expect(result.stderr).toContain('as a deliberately wrong one is (answered 403)');
  expect(result.stderr).toContain('edit targets.mine.families.loyalty.bearerToken');
});

test('loyalty: a wrong MAC secret is PREFLIGHT_FAILED naming families.loyalty.mac', async () => {
  const result = await runWith('loyalty', { env: { BLIND_LOYALTY_MAC_SECRET: 'not-the-onboarded-secret' } });
  expect(result.code, result.output).toBe(2);
  expect(result.stderr).toContain('MAC refused');
  expect(result.stderr).toContain('edit targets.mine.families.loyalty.mac');
});

test('custody: a wrong bearer token is PREFLIGHT_FAILED naming families.custody.token', async () => {
  const result = await runWith('custody', { env: { BLIND_CUSTODY_TOKEN: 'a-token-nobody-issued' } });
  expect(result.code, result.output).toBe(2);
  expect(result.stderr).toContain('edit targets.mine.families.custody.token');
});

test('billing: a wrong client secret is PREFLIGHT_FAILED naming families.billing.credentials', async () => {
  const result = await runWith('billing', { env: { BLIND_BILLING_CLIENT_SECRET: 'not-the-secret-of-the-client' } });
  expect(result.code, result.output).toBe(2);
  expect(result.stderr).toContain('OAuth client refused');
  expect(result.stderr).toContain('edit targets.mine.families.billing.credentials');
});

test.each([
  ['billing', 'BLIND_BILLING_CLIENT_SECRET', 'credentials.clientSecret'],
  ['loyalty', 'BLIND_LOYALTY_API_KEY', 'apiKey'],
  ['custody', 'BLIND_CUSTODY_TOKEN', 'token'],
])(
  '%s: an empty CI secret (%s) is ENV_MISSING naming the variable, the key, and that it is empty',
  async (family, variable, key) => {
    const result = await runWith(family, { env: { [variable]: '' } });
    expect(result.code, result.output).toBe(2);
    expect(result.stderr).toContain(
      `ENV_MISSING: targets.mine.families.${family}.${key} uses \${${variable}}, which is set but empty`,
    );
  },
);

test('doctor says OK only when a call with each credential was accepted: a wrong bearer beside a right MAC is not', async () => {
  const service = services.loyalty as BlindService;
  const targets = writeTargets({ mine: { kind: 'url', families: { loyalty: service.section } } });
  const wrong = await runCli(['doctor', '--targets', targets, '--target', 'mine'], {
    ...service.env,
    BLIND_LOYALTY_BEARER_TOKEN: 'a-token-nobody-issued',
  });
  expect(wrong.code, wrong.stdout).toBe(2);
  expect(wrong.stdout).toContain('credential MAC: accepted');
  expect(wrong.stdout).toContain('credential bearer token: refused');
  // The refusal's body and the key that could explain it.
  expect(wrong.stdout).toMatch(/refused with: \{"error_code":"LN-403-\d+"/);
  expect(wrong.stdout).toContain('keys that could explain it: families.loyalty.bearerToken');
  const right = await runCli(['doctor', '--targets', targets, '--target', 'mine'], service.env);
  expect(right.code, right.stdout).toBe(0);
  expect(right.stdout).toContain('credential bearer token: accepted');
  expect(right.stdout).toContain('a call with each of its credentials was accepted');
});

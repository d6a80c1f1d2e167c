import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { AgenticSection } from '../../suites/agentic/entry/section.ts';
import type { BillingSection } from '../../suites/billing/entry/section.ts';
import type { CardsSection } from '../../suites/cards/entry/section.ts';
import type { CdrSection } from '../../suites/cdr/entry/section.ts';
import type { LoyaltySection } from '../../suites/loyalty/entry/section.ts';
import type { ShortenerSection } from '../../suites/shortener/entry/section.ts';
import { readTargetsFile } from '../../targets/load-targets.ts';
import type { CommandTarget, ContainerTarget } from '../../targets/schema.ts';
import { resolveTarget } from '../../families/resolve-target.ts';
import {
  billingSection,
  credentials,
  env,
  fileWith as fileIn,
  harnessError,
  targetsDir,
  urlTarget,
  withBilling,
} from '../support/target-entries.ts';

const dir = targetsDir();
const fileWith = (targets: Record<string, unknown>, defaultTarget?: string) => fileIn(dir, targets, defaultTarget);

describe('resolveTarget', () => {
  test('a url target resolves with defaults applied and ${VAR} filled', async () => {
    const resolved = await resolveTarget(fileWith({ staging: urlTarget }), 'staging', env);
    expect(resolved.name).toBe('staging');
    expect(resolved.port).toBeUndefined();
    const billing = resolved.entry.families.billing as BillingSection;
    expect(billing.credentials).toEqual({ clientId: env.CID, clientSecret: 'secret-from-env' });
    expect(billing.adapter).toBe('reference');
    expect(resolved.entry.waivers).toEqual([]);
    expect(resolved.entry.client.timeoutMs).toBe(10_000);
    expect(billing.tenant.multiOrg).toBe(false);
  });

  test('without a name the default target is chosen', async () => {
    expect(
      (await resolveTarget(fileWith({ other: { kind: 'nope' }, staging: urlTarget }, 'staging'), undefined, env)).name,
    ).toBe('staging');
  });

  test('an unknown name is TARGET_UNKNOWN with did-you-mean and the names in the fix', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: urlTarget, production: urlTarget }), 'stagign', env),
      'TARGET_UNKNOWN',
    );
    expect(error.message).toContain('"stagign"');
    expect(error.message).toContain('did you mean "staging"');
    expect(error.fix).toContain('staging, production');
  });

  test('an unknown name far from every known one has no guess', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: urlTarget }), 'zzzzzzzzzzzz', env),
      'TARGET_UNKNOWN',
    );
    expect(error.message).not.toContain('did you mean');
  });

  test('a typo key inside a target is CONFIG_INVALID naming the key path and the intended key', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: withBilling({ tenat: { multiOrg: true } }) }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.families.billing');
    expect(error.message).toContain('"tenat"');
    expect(error.message).toContain('did you mean "tenant"');
  });

  test('a typo key deeper down names the full key path', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: withBilling({ tenant: { multiOrgs: true } }) }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.families.billing.tenant: unknown key "multiOrgs"');
  });

  // targetSchema is a discriminated union: the known keys below a target come from its kinds.
  test('a typo key deeper down gets a did-you-mean', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: withBilling({ tenant: { multiOrgs: true } }) }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('did you mean "multiOrg"');
  });

  test('an unset ${VAR} is ENV_MISSING naming the key path and the variable', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: urlTarget }), 'staging', { CID: 'x' }),
      'ENV_MISSING',
    );
    expect(error.message).toContain('targets.staging.families.billing.credentials.clientSecret');
    expect(error.message).toContain('${CSECRET}');
    expect(error.fix).toContain('export CSECRET=');
  });

  test('{port} is replaced by one free port in base URLs and command', async () => {
    const target = {
      kind: 'command',
      command: ['node', 'server.js', '--port', '{port}', '--url=http://127.0.0.1:{port}/x'],
      ready: { httpGet: 'http://127.0.0.1:{port}/health' },
      families: { billing: { baseUrl: 'http://127.0.0.1:{port}/billing', credentials } },
    };
    const resolved = await resolveTarget(fileWith({ local: target }), 'local', env);
    const port = resolved.port;
    expect(port).toBeGreaterThan(0);
    expect((resolved.entry.families.billing as BillingSection).baseUrl).toBe(`http://127.0.0.1:${port}/billing`);
    expect(resolved.entry.kind).toBe('command');
    const entry = resolved.entry as CommandTarget;
    expect(entry.command).toEqual(['node', 'server.js', '--port', String(port), `--url=http://127.0.0.1:${port}/x`]);
    expect(entry.ready.httpGet).toBe(`http://127.0.0.1:${port}/health`);
    expect(entry.ready.timeoutMs).toBe(20_000);
    expect(JSON.stringify(resolved.entry)).not.toContain('{port}');
  });

  test('a wrong kind is CONFIG_INVALID with the fix text', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: { ...urlTarget, kind: 'docker' } }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.kind');
    expect(error.message).toContain('use "url" for a running target or "command" for one the harness starts');
  });

  test('a command target without a ready condition says what to give', async () => {
    const error = await harnessError(
      () =>
        resolveTarget(
          fileWith({ local: { kind: 'command', command: ['x'], ready: {}, families: { billing: billingSection } } }),
          'local',
          env,
        ),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.local.ready');
    expect(error.message).toContain('stdoutMatches');
  });

  test('a waiver of an unknown rule is CONFIG_INVALID with did-you-mean', async () => {
    const waivers = [
      { rule: 'billing.bodies.json', reason: 'known' },
      { rule: 'billing.token.reuseable', reason: 'typo' },
    ];
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: { ...urlTarget, waivers } }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.waivers[1].rule');
    expect(error.message).toContain('did you mean "billing.token.reusable"');
  });

  test('a known waiver resolves', async () => {
    const waivers = [{ rule: 'billing.bodies.json', reason: 'known' }];
    expect(
      (await resolveTarget(fileWith({ staging: { ...urlTarget, waivers } }), 'staging', env)).entry.waivers,
    ).toEqual(waivers);
  });

  test('an unknown adapter is CONFIG_INVALID', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: withBilling({ adapter: 'nope' }) }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.families.billing.adapter');
    expect(error.fix).toContain('reference');
  });

  test('a billing section without credentials is CONFIG_INVALID naming the key', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: withBilling({ credentials: undefined }) }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.families.billing.credentials');
  });

  test('a target without any family section is CONFIG_INVALID saying which families there are', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: { kind: 'url', families: {} } }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.families');
    expect(error.message).toContain('billing');
  });

  test('an unregistered family name gets a did-you-mean', async () => {
    const error = await harnessError(
      () => resolveTarget(fileWith({ staging: { kind: 'url', families: { biling: billingSection } } }), 'staging', env),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('did you mean "billing"');
  });

  test('a target-level key of the earlier file format says where it moved', async () => {
    const old = {
      kind: 'url',
      baseUrls: { billing: 'https://billing.example.test/billing' },
      credentials: { billing: credentials },
      families: { billing: billingSection },
    };
    const error = await harnessError(() => resolveTarget(fileWith({ staging: old }), 'staging', env), 'CONFIG_INVALID');
    expect(error.message).toContain('"baseUrls" is no longer a target-level key');
    expect(error.message).toContain('families');
  });

  test('a cdr section takes the documented versions by default, an optional token and a pinned past-last status', async () => {
    const target = {
      kind: 'url',
      families: { cdr: { baseUrl: 'https://holder.example/cdr', token: '${CDR_TOKEN}', versions: { list: [4, 5] } } },
    };
    const cdr = (await resolveTarget(fileWith({ holder: target }), 'holder', { CDR_TOKEN: 'token-from-env' })).entry
      .families.cdr as CdrSection;
    expect(cdr).toMatchObject({
      token: 'token-from-env',
      versions: { list: [4, 5], detail: [7], status: [1] },
      maxWalkPages: 2000,
      maxWalkRequests: 2500,
      maxWalkSeconds: 45,
      maxWalkBytes: 16777216,
    });
    expect(cdr.pastLastPageStatus).toBeUndefined();
  });

  test('a cdr section with a typo or a past-last status outside 4xx is CONFIG_INVALID naming the key', async () => {
    const typo = await harnessError(
      () =>
        resolveTarget(
          fileWith({
            holder: {
              kind: 'url',
              families: { cdr: { baseUrl: 'https://holder.example/cdr', pastLastPagStatus: 422 } },
            },
          }),
          'holder',
          env,
        ),
      'CONFIG_INVALID',
    );
    expect(typo.message).toContain('did you mean "pastLastPageStatus"');
    const outside = await harnessError(
      () =>
        resolveTarget(
          fileWith({
            holder: {
              kind: 'url',
              families: { cdr: { baseUrl: 'https://holder.example/cdr', pastLastPageStatus: 200 } },
            },
          }),
          'holder',
          env,
        ),
      'CONFIG_INVALID',
    );
    expect(outside.message).toContain('targets.holder.families.cdr.pastLastPageStatus');
  });

  test('the bundled targets.json resolves every target (the command targets and the reference as a container)', async () => {
    const file = readTargetsFile(join(import.meta.dirname, '../../targets.json'));
    const names = Object.keys(file.rawTargets);
    expect(names.sort()).toEqual([
      'reference',
      'reference-cdr-older-versions',
      'reference-container',
      'reference-custody-platform',
      'reference-exchange-dialect',
      'reference-plain',
      'reference-single-entity',
    ]);
    const bundledEnv = {
      REFERENCE_CLIENT_ID: 'c'.repeat(36),
      REFERENCE_CLIENT_SECRET: 's'.repeat(30),
      REFERENCE_CUSTODY_TOKEN: 't'.repeat(24),
      REFERENCE_EXCHANGE_API_KEY: 'k'.repeat(24),
      REFERENCE_EXCHANGE_SECRET_KEY: 'x'.repeat(32),
      REFERENCE_AGENTIC_TOKEN: 'a'.repeat(24),
      REFERENCE_AGENTIC_PUBLIC_KEY: 'public-key-pem',
      REFERENCE_AGENTIC_PRIVATE_KEY: 'private-key-pem',
      REFERENCE_LOYALTY_API_KEY: 'l'.repeat(24),
      REFERENCE_LOYALTY_MAC_SECRET: 'm'.repeat(32),
      REFERENCE_LOYALTY_TOKEN: 'b'.repeat(24),
      REFERENCE_CARDS_TOKEN: 'r'.repeat(24),
      REFERENCE_EXCHANGE_PASSPHRASE: 'p'.repeat(12),
    };
    for (const name of names) {
      const resolved = await resolveTarget(file, name, bundledEnv);
      expect(resolved.entry.kind).toBe(name === 'reference-container' ? 'container' : 'command');
      expect(resolved.port).toBeGreaterThan(0);
      if (name === 'reference-container') {
        const container = resolved.entry as ContainerTarget;
        expect(container.port).toBe(resolved.port);
        expect(container.env.REFERENCE_CLIENT_SECRET).toBe(bundledEnv.REFERENCE_CLIENT_SECRET);
      }
      // A dialect entry serves one family only.
      const dialects: Record<string, string> = {
        'reference-exchange-dialect': 'exchange',
        'reference-cdr-older-versions': 'cdr',
        'reference-custody-platform': 'custody',
      };
      const only = dialects[name];
      if (only !== undefined) {
        expect(Object.keys(resolved.entry.families)).toEqual([only]);
        continue;
      }
      const billing = resolved.entry.families.billing as BillingSection;
      expect(billing.baseUrl).toBe(`http://127.0.0.1:${resolved.port}/billing`);
      expect(billing.credentials).toEqual({
        clientId: bundledEnv.REFERENCE_CLIENT_ID,
        clientSecret: bundledEnv.REFERENCE_CLIENT_SECRET,
      });
    }
    const reference = await resolveTarget(file, 'reference', bundledEnv);
    expect(reference.entry.families.cdr as CdrSection).toEqual({
      baseUrl: `http://127.0.0.1:${reference.port}/cdr`,
      versions: { list: [5], detail: [7], status: [1] },
      followOrigins: [],
      pastLastPageStatus: 422,
      maxWalkPages: 2000,
      maxWalkRequests: 2500,
      maxWalkSeconds: 45,
      maxWalkBytes: 16777216,
      clockMarginMs: 300_000,
    });
    const cards = reference.entry.families.cards as CardsSection;
    expect(cards.token).toBe(bundledEnv.REFERENCE_CARDS_TOKEN);
    // The reference's own fixture account, as the bundled entry names it.
    expect(cards.fixtures.disposableAccountId).toBe('acct-disposable');
    expect(reference.entry.families.shortener as ShortenerSection).toEqual({
      baseUrl: `http://127.0.0.1:${reference.port}/shortener`,
    });
    expect(reference.entry.families.agentic as AgenticSection).toEqual({
      baseUrl: `http://127.0.0.1:${reference.port}/agentic`,
      token: bundledEnv.REFERENCE_AGENTIC_TOKEN,
      encryption: { publicKey: bundledEnv.REFERENCE_AGENTIC_PUBLIC_KEY, alg: 'RSA-OAEP-256', enc: 'A256GCM' },
      enrollmentId: 'enr-reference-0001',
      unknownEnrollmentId: 'unknown-enrollment-0001',
    });
    expect(reference.entry.families.loyalty as LoyaltySection).toMatchObject({
      baseUrl: `http://127.0.0.1:${reference.port}/loyalty`,
      apiKey: bundledEnv.REFERENCE_LOYALTY_API_KEY,
      mac: {
        id: 'reference-client',
        secret: bundledEnv.REFERENCE_LOYALTY_MAC_SECRET,
        signs: ['ts', 'nonce', 'method', 'path', 'host', 'port', 'bodyhash'],
        bodyHashAlgorithm: 'sha256',
        encoding: 'base64',
        windowMs: 300_000,
      },
      bearerToken: bundledEnv.REFERENCE_LOYALTY_TOKEN,
      mandatoryDemographics: {
        PROGRAM_HOTEL_1: ['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'ADDR_LINE_1', 'STATE', 'COUNTRY'],
        PROGRAM_HOTEL_3: ['ADDR_LINE_1', 'CITY'],
      },
    });
    const container = await resolveTarget(file, 'reference-container', bundledEnv);
    expect((container.entry as ContainerTarget).env.REFERENCE_AGENTIC_PRIVATE_KEY).toBe(
      bundledEnv.REFERENCE_AGENTIC_PRIVATE_KEY,
    );
    expect(Object.keys(container.entry.families).sort()).toEqual(Object.keys(reference.entry.families).sort());
    await harnessError(() => resolveTarget(file, 'reference', {}), 'ENV_MISSING');
  });

  test('a cards section gets its defaults, may leave the disposable account out, and names a missing fixture by its path', async () => {
    const bundled = readTargetsFile(join(import.meta.dirname, '../../targets.json')).rawTargets.reference as {
      families: { cards: { fixtures: Record<string, unknown> } };
    };
    const { disposableAccountId: _left, ...fixtures } = bundled.families.cards.fixtures;
    const section = {
      baseUrl: 'https://cards.example.test/v1',
      token: '${CARDS_TOKEN}',
      walletProvisioning: false,
      fixtures,
    };
    const resolved = await resolveTarget(
      fileWith({ staging: { kind: 'url', families: { cards: section } } }),
      'staging',
      { CARDS_TOKEN: 'cards-token' },
    );
    const cards = resolved.entry.families.cards as CardsSection;
    expect(cards.maxWalkPages).toBe(2000);
    expect(cards.fixtures.disposableAccountId).toBeUndefined();
    const { DEACTIVATED: _missing, ...cardUsers } = fixtures.cardUsers as Record<string, string>;
    const broken = { ...section, fixtures: { ...fixtures, cardUsers } };
    const error = await harnessError(
      () =>
        resolveTarget(fileWith({ staging: { kind: 'url', families: { cards: broken } } }), 'staging', {
          CARDS_TOKEN: 'x',
        }),
      'CONFIG_INVALID',
    );
    expect(error.message).toContain('targets.staging.families.cards.fixtures.cardUsers.DEACTIVATED');
  });
});

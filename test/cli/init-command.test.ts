import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { initTargets } from '../../cli/init-command.ts';
import { families } from '../../families/index.ts';
import { formatKeyPath } from '../../targets/placeholders.ts';
import { targetsFileSchemaFor } from '../../targets/schema.ts';
import { runCli } from '../support/run-harness-cli.ts';
import { type DocumentShortener, startDocumentShortener } from '../independent/shortener/document-service.ts';
import { tempFolder } from '../support/temp-folders.ts';

let shortener: DocumentShortener;
beforeAll(async () => (shortener = await startDocumentShortener()));
afterAll(() => shortener.close());

test('harness init, then doctor: the unset placeholder is named, and once exported the entry reaches the service', async () => {
  const targets = join(tempFolder('harness-init-'), 'targets.json');
  const init = await runCli(['init', '--family', 'shortener', '--name', 'short', '--targets', targets]);
  expect(init.code, init.stderr).toBe(0);
  // Its stdin is no terminal: nothing is asked (it would be at one, test/cli/init-terminal.test.ts), stdin never read.
  expect(init.stdout).not.toContain('Enter keeps');
  expect(init.stdout).toContain(
    'SHORTENER_BASE_URL  (targets.short.families.shortener.baseUrl): give the shortener base address',
  );
  expect(JSON.parse(readFileSync(targets, 'utf8'))).toMatchObject({
    default: 'short',
    targets: { short: { kind: 'url', families: { shortener: { baseUrl: '${SHORTENER_BASE_URL}' } } } },
  });
  const missing = await runCli(['doctor', '--targets', targets], { SHORTENER_BASE_URL: undefined });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(
    'targets.short.families.shortener.baseUrl uses ${SHORTENER_BASE_URL}, which is not set',
  );
  const ready = await runCli(['doctor', '--targets', targets], { SHORTENER_BASE_URL: shortener.baseUrl });
  expect(ready.code, ready.stdout + ready.stderr).toBe(0);
  // A second entry is added beside the first; a name taken is a usage error.
  expect((await runCli(['init', '--family', 'cdr', '--name', 'holder', '--targets', targets])).code).toBe(0);
  expect(Object.keys(JSON.parse(readFileSync(targets, 'utf8')).targets)).toEqual(['short', 'holder']);
  const taken = await runCli(['init', '--name', 'short', '--targets', targets]);
  expect(taken.code).toBe(2);
  expect(taken.stderr).toContain('already has a target named "short"');
});

test('an entry of every family has every required key: once its placeholders are filled, the schema finds nothing else wanting', () => {
  const targets = join(tempFolder('harness-init-'), 'targets.json');
  const result = initTargets({ targetsFile: targets, name: 'all' });
  expect(Object.keys(result.entry.families as object).sort()).toEqual(
    families()
      .map((family) => family.name)
      .sort(),
  );
  const placeholderKeys = new Set(result.needs.filter((need) => need.variable).map((need) => need.key));
  // Every placeholder becomes a plain word: the only issues left may be the forms of those values (a URL, an id's
  // length).
  const filled = JSON.parse(readFileSync(targets, 'utf8').replace(/\$\{[A-Z0-9_]+\}/g, 'value'));
  const parsed = targetsFileSchemaFor(families()).safeParse(filled);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) =>
        formatKeyPath([
          'targets',
          ...issue.path.slice(1).map((part) => (typeof part === 'symbol' ? String(part) : part)),
        ]),
      );
  expect(issues.filter((key) => !placeholderKeys.has(key))).toEqual([]);
});

test('init writes the documented defaults out, asks to export only secrets, and takes what it cannot know as --set flags', () => {
  const targetsFile = join(tempFolder('harness-init-set-'), 'targets.json');
  const result = initTargets({
    targetsFile,
    name: 'net',
    families: ['loyalty', 'billing'],
    set: [
      'loyalty.mac.id=client-7',
      'loyalty.mac.windowMs=60000',
      'loyalty.bearerToken=${NET_TOKEN}',
      'billing.tenant={"multiOrg":true,"accessibleOrgs":["org-a"]}',
    ],
  });
  const loyalty = (result.entry.families as Record<string, Record<string, unknown>>).loyalty as Record<string, unknown>;
  // The MAC recipe's defaults are written out; the flags replace what they name, JSON as JSON, text as text.
  expect(loyalty.mac).toEqual({
    id: 'client-7',
    secret: '${LOYALTY_MAC_SECRET}',
    signs: ['ts', 'nonce', 'method', 'path', 'host', 'port', 'bodyhash'],
    bodyHashAlgorithm: 'sha256',
    encoding: 'base64',
    windowMs: 60000,
  });
  expect(loyalty.bearerToken).toBe('${NET_TOKEN}');
  expect(loyalty.mandatoryDemographics).toEqual({});
  const billing = (result.entry.families as Record<string, Record<string, unknown>>).billing as Record<string, unknown>;
  expect(billing.tenant).toEqual({ multiOrg: true, accessibleOrgs: ['org-a'] });
  // What a flag set is asked for no more; a secret is to be exported, an id (no secret) to be written in.
  const keys = result.needs.map((need) => need.key);
  expect(keys).not.toContain('targets.net.families.loyalty.mac.id');
  expect(keys).not.toContain('targets.net.families.loyalty.bearerToken');
  expect(result.needs.find((need) => need.key.endsWith('loyalty.mac.secret'))?.secret).toBe(true);
  expect(result.needs.find((need) => need.key.endsWith('billing.credentials.clientId'))?.secret).toBeUndefined();
});

test('a --set of a family the entry does not have, or without a value, is a usage error', () => {
  const targetsFile = join(tempFolder('harness-init-set-'), 'targets.json');
  expect(() => initTargets({ targetsFile, name: 'x', families: ['shortener'], set: ['loyalty.mac.id=7'] })).toThrow(
    /loyalty is no family of the entry/,
  );
  expect(() => initTargets({ targetsFile, name: 'x', families: ['shortener'], set: ['shortener.baseUrl'] })).toThrow(
    /expected FAMILY.KEY=VALUE/,
  );
});

test('init --ci github writes the CI example into the repository, where GitHub and the workflow read them, never over a file', async () => {
  const repository = tempFolder('harness-init-ci-');
  const written = await runCli(['init', '--ci', 'github'], {}, { cwd: repository });
  expect(written.code, written.stderr).toBe(0);
  const workflow = join(repository, '.github/workflows/api-conformance.yml');
  const targets = join(repository, 'ci/targets.json');
  expect(readFileSync(workflow, 'utf8')).toBe(
    readFileSync(new URL('../../examples/ci-gate/github-actions.yml', import.meta.url), 'utf8'),
  );
  // The workflow's targets file is the one written, and its schema path resolves from an install.
  expect(readFileSync(workflow, 'utf8')).toContain('--targets ci/targets.json');
  expect(JSON.parse(readFileSync(targets, 'utf8')).$schema).toBe(
    '../node_modules/api-conformance-harness/targets.schema.json',
  );
  expect(written.stdout).toContain('npm install --save-dev testcontainers@');
  const again = await runCli(['init', '--ci', 'github'], {}, { cwd: repository });
  expect(again.code).toBe(2);
  expect(again.stderr).toContain('already there');
  const unknown = await runCli(['init', '--ci', 'gitlab'], {}, { cwd: repository });
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('no CI example for it');
});

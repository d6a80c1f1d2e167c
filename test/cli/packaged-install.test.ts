import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installPackedHarness, outsideEnv, packageName, packHarness } from '../../cli/harness-image/packed-harness.ts';
import { billingFamily } from '../../families/billing.ts';
import { exchangeFamily } from '../../families/exchange.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { type DocumentShortener, startDocumentShortener } from '../independent/shortener/document-service.ts';
import { startRenamedBilling } from './fixtures/team-billing/renamed-billing.ts';
import { startRenamedExchange } from './fixtures/team-exchange/renamed-exchange.ts';
import { teamBillingEntry, teamFields } from './fixtures/team-billing/team-entry.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * The harness as a team uses it: `npm pack` of this checkout, installed as a dev dependency into a fresh project in the
 * OS temp folder (outside this repository, every dependency from npm's cache), and `npx harness` run there with the
 * project's own targets.json and reports folder: init, doctor, a gate run against a shortener of this test's own, a
 * failing rule's replay line, and a nightly load run in three segments and their merge.
 */

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a command in the team's project: none of this checkout's npm settings, bin folder or HARNESS_*. */
function teamEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(outsideEnv()).filter(([name]) => !name.startsWith('HARNESS_')));
}

function command(
  file: string,
  args: readonly string[],
  cwd: string,
  timeoutMs = 120_000,
  env: NodeJS.ProcessEnv = {},
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, env: { ...teamEnv(), ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 99) : 0, stdout, stderr }),
    );
  });
}

/** The words of a printed command line: plain words and single-quoted ones (client/shell-quote.ts's shellWord). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? (match[2] as string));
}

/** Stops a started process and waits for it to end: SIGTERM, then SIGKILL after 5 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killLater = setTimeout(() => child.kill('SIGKILL'), 5000);
  await ended;
  clearTimeout(killLater);
}

let project: string;
let shortener: DocumentShortener;
const started: ChildProcess[] = [];
const tempFolders: string[] = [];
const harness = (...args: string[]) => command('npx', ['harness', ...args], project);

beforeAll(async () => {
  const tarball = await packHarness();
  tempFolders.push(dirname(tarball));
  project = tempFolder('harness-team-project-');
  const warnings = await installPackedHarness(tarball, project, true);
  // No dependency of the harness has an install script: a new team's npm has nothing to warn about.
  expect(warnings).not.toMatch(/install-scripts|install script/);
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).devDependencies).toHaveProperty(packageName);
  shortener = await startDocumentShortener();
}, 240_000);

afterAll(async () => {
  await Promise.all(started.map(stop));
  for (const folder of tempFolders) rmSync(folder, { recursive: true, force: true });
  await shortener?.close();
});

test('installed from the tarball: init, doctor and a gate run against the team service, from the team project', async () => {
  const init = await harness('init', '--family', 'shortener', '--name', 'svc', '--url', shortener.baseUrl);
  expect(init.code, init.stdout + init.stderr).toBe(0);
  expect(JSON.parse(readFileSync(join(project, 'targets.json'), 'utf8')).targets.svc.families.shortener.baseUrl).toBe(
    shortener.baseUrl,
  );
  const doctor = await harness('doctor', '--target', 'svc');
  expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
  expect(doctor.stdout).toContain(`POST ${shortener.baseUrl}/mappings answered 400`);
  // The team's repository has commits of its own: they are not the harness's.
  await command('git', ['init', '-q'], project);
  await command(
    'git',
    ['-c', 'user.name=team', '-c', 'user.email=team@example.com', 'commit', '-q', '--allow-empty', '-m', 'team'],
    project,
  );
  const run = await harness('run', '--target', 'svc', '--rule', 'shortener.long-url.valid-url', '--runs', '10');
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toContain('CONFORMANT: 1 passed');
  // The project's own reports folder, not the package's.
  expect(readdirSync(join(project, 'reports'))).toContain('summary.json');
  const environment = readFileSync(join(project, 'reports', 'allure-results', 'environment.properties'), 'utf8');
  expect(environment).toContain('harness\\ commit=unknown');
  // What the README and docs/ci.md point to is in the package, its schema path good from the team's ci/ folder.
  const version = await harness('--version');
  expect(version.stdout).toMatch(/^api-conformance-harness \d+\.\d+\.\d+ \(Node\.js /);
  const example = join(project, 'node_modules', packageName, 'examples', 'ci-gate');
  expect(readdirSync(example).sort()).toEqual(['github-actions.yml', 'targets.json']);
  const schema = (JSON.parse(readFileSync(join(example, 'targets.json'), 'utf8')) as { $schema: string }).$schema;
  expect(existsSync(join(project, 'ci', schema))).toBe(true);
}, 120_000);

/** The installed bin's bundled reference with a mutant, on port 0: the process and the shortener's base URL. */
async function installedReference(mutant: string): Promise<{ reference: ChildProcess; base: string }> {
  // The installed bin itself (npx would stand between the test and the process it stops).
  const reference = spawn(
    join(project, 'node_modules', '.bin', 'harness'),
    ['reference', '--port', '0', '--mutant', mutant],
    // Its stderr is not read: left in a pipe, a full one would stall it (writes to a pipe block) past SIGTERM.
    { cwd: project, env: teamEnv(), stdio: ['ignore', 'pipe', 'ignore'] },
  );
  started.push(reference);
  const base = await new Promise<string>((resolve, reject) => {
    let seen = '';
    reference.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /shortener=(\S+)/.exec(seen);
      if (found) resolve(found[1] as string);
    });
    reference.on('exit', (code) => reject(new Error(`reference exited ${code}: ${seen}`)));
  });
  return { reference, base };
}

test("the adapters' interfaces keep their public paths, which the package maps to the families' folders", async () => {
  for (const family of ['billing', 'exchange']) {
    const specifier = `${packageName}/adapters/${family}/adapter.ts`;
    const resolved = await command(
      process.execPath,
      ['--input-type=module', '-e', `console.log(import.meta.resolve(${JSON.stringify(specifier)}))`],
      project,
    );
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stdout.trim()).toMatch(
      new RegExp(`/node_modules/${packageName}/rules/${family}/adapters/adapter\\.ts$`),
    );
  }
});

test('the bundled reference with a mutant: the failing rule is replayed with npx harness', async () => {
  const { reference, base } = await installedReference('shortener-long-url-first-entry-only');
  expect((await harness('init', '--family', 'shortener', '--name', 'mutant', '--url', base)).code).toBe(0);
  const run = await harness('run', '--target', 'mutant', '--rule', 'shortener.long-url.valid-url', '--runs', '20');
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stdout).toMatch(/^replay: npx harness run .*--rule shortener\.long-url\.valid-url/m);
  expect(run.stdout).not.toContain('node_modules');
  // The replay line names the project's files relative to where the run started: pasted there, it fails alike.
  const line = /^replay: (npx harness run .*?)(?: {2}\(|$)/m.exec(run.stdout)?.[1] as string;
  expect(line).toContain('--targets targets.json ');
  expect(line).toMatch(/--reports reports\/replay$/);
  const [, ...words] = shellWords(line);
  const replayed = await command('npx', words, project);
  expect(replayed.code, replayed.stdout + replayed.stderr).toBe(1);
  expect(replayed.stdout).toContain('FAILED shortener.long-url.valid-url');
  await stop(reference);
}, 120_000);

test('a shrunk sequence found from the installed package is kept in the reports folder and tried first by the next run', async () => {
  const { reference, base } = await installedReference('shortener-refusal-forgets-paths');
  expect((await harness('init', '--family', 'shortener', '--name', 'sequences', '--url', base)).code).toBe(0);
  const rule = 'shortener.vanity.taken-for-domain';
  const run = (seed: number) =>
    harness('run', '--target', 'sequences', '--rule', rule, '--seed', String(seed), '--runs', '5', '--workers', '1');
  const found = await run(3);
  expect(found.code, found.stdout + found.stderr).toBe(1);
  const message = () =>
    (JSON.parse(readFileSync(join(project, 'reports', 'summary.json'), 'utf8')) as { rules: { message?: string }[] })
      .rules[0]?.message;
  expect(message()).toContain('every later run against this target tries it first');
  const kept = join(project, 'reports', 'counterexamples', 'sequences', `${rule}.json`);
  expect(JSON.parse(readFileSync(kept, 'utf8'))).toMatchObject({ kind: 'sequence', seed: 3 });
  const again = await run(91);
  expect(again.code, again.stdout + again.stderr).toBe(1);
  expect(message()).toContain('tried first: it still fails');
  await stop(reference);
}, 120_000);

test('a container target without the optional container client installed: exit 2, PACKAGE_MISSING and the install line', async () => {
  expect(existsSync(join(project, 'node_modules', 'testcontainers'))).toBe(false);
  const entry = {
    kind: 'container',
    image: 'team-shortener:1',
    port: '{port}',
    ready: { httpGet: 'http://127.0.0.1:{port}/shortener' },
    families: { shortener: { baseUrl: 'http://127.0.0.1:{port}/shortener' } },
  };
  writeFileSync(join(project, 'container-targets.json'), JSON.stringify({ targets: { boxed: entry } }));
  const run = await harness('run', '--targets', 'container-targets.json', '--target', 'boxed');
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stdout + run.stderr).toContain('PACKAGE_MISSING');
  expect(run.stdout + run.stderr).toMatch(/npm install --save-dev testcontainers@\d+\.\d+\.\d+/);
}, 60_000);

test('a billing service and an exchange with their own field names, judged from the team project through its adapter modules and through a field mapping; a mistaken adapter exits 2', async () => {
  const env: NodeJS.ProcessEnv = {};
  const reference = await startReferenceServer({
    serve: [billingFamily, exchangeFamily],
    families: { billing: { mode: 'multi' } },
    env,
  });
  const renamed = await startRenamedBilling(reference.baseUrls.billing as string);
  const exchange = await startRenamedExchange(
    reference.baseUrls.exchange as string,
    env.REFERENCE_EXCHANGE_SECRET_KEY as string,
  );
  try {
    // The team's adapter modules, in its own project: their types from the installed package.
    for (const file of [
      'team-billing/team-adapter.ts',
      'team-billing/mistaken-adapter.ts',
      'team-exchange/team-order-adapter.ts',
    ])
      writeFileSync(
        join(project, file.split('/')[1] as string),
        readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8').replace(
          /from '(?:\.\.\/)+rules\/(billing|exchange)\/adapters\/adapter\.ts'/,
          `from '${packageName}/adapters/$1/adapter.ts'`,
        ),
      );
    const entry = (adapter: unknown) => teamBillingEntry(renamed.baseUrl, env, adapter);
    const withTeamExchange = (billing: Record<string, unknown>) => ({
      ...billing,
      families: {
        ...(billing.families as Record<string, unknown>),
        exchange: {
          baseUrl: exchange.origin,
          credentials: { apiKey: '${TEAM_EXCHANGE_KEY}', secretKey: '${TEAM_EXCHANGE_SECRET}' },
          adapter: './team-order-adapter.ts',
        },
      },
    });
    writeFileSync(
      join(project, 'billing-targets.json'),
      JSON.stringify({
        targets: {
          module: withTeamExchange(entry('./team-adapter.ts')),
          mapping: entry({ fields: teamFields }),
          mistaken: entry('./mistaken-adapter.ts'),
        },
      }),
    );
    const secrets = {
      TEAM_CLIENT_ID: env.REFERENCE_CLIENT_ID,
      TEAM_CLIENT_SECRET: env.REFERENCE_CLIENT_SECRET,
      TEAM_EXCHANGE_KEY: env.REFERENCE_EXCHANGE_API_KEY,
      TEAM_EXCHANGE_SECRET: env.REFERENCE_EXCHANGE_SECRET_KEY,
    };
    // The rules that read and write every record the adapter maps (token, charge, query, product), and, through the
    // team's order adapter, the exchange's placed orders; each whole family through each is
    // test/cli/team-adapter.test.ts's and test/cli/team-exchange-adapter.test.ts's.
    const rules = [
      'billing.token.issue',
      'billing.charges.create',
      'billing.charges.update.body_identifies',
      'billing.charges.query.rate_card_match',
      'billing.products.create',
    ].flatMap((rule) => ['--rule', rule]);
    const exchangeRules = ['--rule', 'exchange.batch.item-success'];
    const judge = (target: string) =>
      command(
        'npx',
        [
          ...['harness', 'run', '--targets', 'billing-targets.json', '--target', target, '--runs', '5', ...rules],
          ...(target === 'module' ? exchangeRules : []),
        ],
        project,
        180_000,
        secrets,
      );
    for (const target of ['module', 'mapping']) {
      const run = await judge(target);
      expect(run.code, `${target}: ${run.stdout.slice(-3000)}${run.stderr}`).toBe(0);
      // The module's run judges the exchange's rule too, through the team's order adapter.
      const judged = rules.length / 2 + (target === 'module' ? exchangeRules.length / 2 : 0);
      expect(run.stdout).toMatch(new RegExp(`^CONFORMANT: ${judged} passed, 0 failed`, 'm'));
    }
    const mistaken = await judge('mistaken');
    expect(mistaken.code, mistaken.stdout + mistaken.stderr).toBe(2);
    expect(mistaken.stderr).toMatch(
      /CONFIG_INVALID: targets\.mistaken\.families\.billing\.adapter: the adapter of \S+mistaken-adapter\.ts has no createChargeBody/,
    );
  } finally {
    await exchange.close();
    await renamed.close();
    await reference.close();
  }
}, 420_000);

test('a nightly load run in three segments and their merge, from the team project', async () => {
  const segments = await Promise.all(
    [1, 2, 3].map((index) =>
      harness(
        'load',
        'nightly',
        '--target',
        'svc',
        '--rate',
        '6',
        '--duration',
        '1s',
        '--segment',
        `${index}/3`,
        '--run-id',
        'packaged',
      ),
    ),
  );
  for (const segment of segments) expect(segment.code, segment.stdout + segment.stderr).toBe(0);
  // The merge the segments print, run as printed (from `load merge` on: the words before start this harness).
  const printed = shellWords(/by: (.+ load merge .+)$/m.exec(segments[2]?.stdout ?? '')?.[1] ?? '');
  expect(printed.slice(0, 2), segments[2]?.stdout).toEqual(['npx', 'harness']);
  const merge = await harness(...printed.slice(2));
  // Judged once on the sum of the three segments (6 req/s offered in all); on a busy machine a threshold may fail
  // (exit 1), but nothing is missing, foreign or partial (exit 2).
  expect([0, 1], merge.stdout + merge.stderr).toContain(merge.code);
  expect(merge.stderr).toMatch(/nightly shortener mappings\s+6\/s/);
  expect(merge.stderr).toMatch(/VERDICT: (PASS|FAIL)/);
}, 120_000);

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { allRules, familyByName } from '../../families/index.ts';
import { type CliResult, runCli, withReferenceCredentials } from '../support/run-harness-cli.ts';
import { referenceSecretNames } from '../support/reference-secrets.ts';

/** What an Allure result says of the test it reports. */
interface AllureResult {
  name: string;
  historyId?: string;
  testCaseId?: string;
  parameters: { name: string; value: string; excluded?: boolean }[];
}

const secretNames = referenceSecretNames;

/** Everything a run wrote a reader could see: the terminal, summary.json, junit.xml and every Allure result. */
function everythingShown(result: { stdout: string; stderr: string; reportsDir: string }): string[] {
  const allure = join(result.reportsDir, 'allure-results');
  return [
    result.stdout,
    result.stderr,
    ...['summary.json', 'junit.xml'].map((file) => readFileSync(join(result.reportsDir, file), 'utf8')),
    ...readdirSync(allure).map((file) => readFileSync(join(allure, file), 'latin1')),
  ];
}

/** The bundled entries judged whole: every family, and two billing-only ones that differ in their tenant modes. */
type WholeTarget = 'reference' | 'reference-single-entity' | 'reference-plain';

/**
 * One run per entry, shared by every test that judges it (a whole run is the file's expensive part). The
 * billing-only entries differ from the first in their tenant modes, not in the properties: fewer cases do.
 */
const wholeRuns = new Map<WholeTarget, Promise<CliResult>>();
const wholeRun = (target: WholeTarget): Promise<CliResult> => {
  const started =
    wholeRuns.get(target) ??
    runCli(['run', '--target', target, '--seed', '11', '--runs', target === 'reference' ? '15' : '5']);
  wholeRuns.set(target, started);
  return started;
};

/** Every family's secret, wherever a run wrote: the terminal, the summary, JUnit and the Allure results. */
function expectNoSecretShown(result: CliResult): void {
  const credentials = withReferenceCredentials();
  // A PEM key leaked without its armour lines is still a leak: its body's middle is looked for.
  const secrets = secretNames
    .map((name) => credentials[name] as string)
    .map((secret) =>
      secret.includes('-----BEGIN') ? secret.slice(secret.length / 2 - 24, secret.length / 2 + 24) : secret,
    );
  expect(secrets.every((secret) => secret.length >= 12)).toBe(true);
  const shown = everythingShown(result);
  for (const [index, secret] of secrets.entries())
    expect(
      shown.some((text) => text.includes(secret)),
      secretNames[index],
    ).toBe(false);
}

/** A whole run of the entry is conformant, judged every rule its families declare and showed no secret. */
async function expectConformant(target: WholeTarget): Promise<void> {
  const result = await wholeRun(target);
  const summary = result.summary();
  expect(summary.counts.failed, result.stdout.slice(-4000)).toBe(0);
  expect(summary.counts.broken, result.stdout.slice(-4000)).toBe(0);
  expect(summary.notRun).toEqual([]);
  expect(summary.verdict).toBe('conformant');
  expect(result.code).toBe(0);
  expect(summary.target).toBe(target);
  expect(summary.seed).toBe(11);
  // Every rule of the families the target declares has a verdict; only mode-dependent ones may be not applicable.
  const declared = allRules().filter((rule) => summary.families.includes(rule.family));
  expect(summary.rules.map((rule) => rule.ruleId).sort()).toEqual(declared.map((rule) => rule.id).sort());
  for (const rule of summary.rules.filter((entry) => entry.status === 'not-applicable')) {
    expect(declared.find((entry) => entry.id === rule.ruleId)?.appliesTo, rule.ruleId).toBeDefined();
  }
  expectNoSecretShown(result);
  // An observation's label is the harness's own: one naming a token is not masked as if it were a secret field.
  expect(summary.rules.find((rule) => rule.ruleId === 'billing.products.auth')?.observations).toEqual({
    'status without a token': 401,
  });
}

describe('harness run against the bundled reference target', () => {
  // The whole run goes alone: its rate-limit probes judge the rate they reach, which runs beside it would lower.
  test('reference is conformant with zero failures', () => expectConformant('reference'));

  // What the per-family end-to-end runs judged, read from the one run of every family.
  test.each(['agentic', 'cdr', 'exchange', 'loyalty', 'shortener'])(
    'every %s rule passes: none is left not applicable',
    async (name) => {
      const result = await wholeRun('reference');
      const family = familyByName(name);
      const verdicts = result.summary().rules.filter((rule) => rule.family === name);
      expect(verdicts.map((rule) => rule.ruleId).sort(), result.stdout.slice(-3000)).toEqual(
        family?.rules.map((rule) => rule.id).sort(),
      );
      expect(verdicts.filter((rule) => rule.status !== 'passed')).toEqual([]);
    },
  );

  test('the loyalty API key shows in no report either (it is no secret field of the entry, yet never printed)', async () => {
    const result = await wholeRun('reference');
    const key = withReferenceCredentials().REFERENCE_LOYALTY_API_KEY as string;
    for (const file of ['summary.json', 'junit.xml'])
      expect(readFileSync(join(result.reportsDir, file), 'utf8')).not.toContain(key);
    expect(result.stdout).not.toContain(key);
  });

  test('what the documents leave open is reported as observed, never judged', async () => {
    const result = await wholeRun('reference');
    const observed = (id: string) => result.summary().rules.find((rule) => rule.ruleId === id)?.observations ?? {};
    // The reference knows only enr-... enrollments, so the 422 shape is judged on real answers.
    expect(observed('agentic.errors.business-exception')).toMatchObject({ '422 answers judged': 3 });
    // An empty correlation_id is observed, never judged (the reference takes it).
    expect(observed('loyalty.headers.correlation-id')).toMatchObject({
      'empty correlation_id answered': '202, 202, 202',
    });
    // A path asked twice in one request and an empty array are observed, never judged (the reference refuses the
    // first, accepts the second).
    expect(observed('shortener.vanity.taken-for-domain')['one path asked twice for one domain in one request']).toBe(
      400,
    );
    expect(observed('shortener.mappings.accepted')['empty array answered']).toBe(200);
    // The x-v response header is judged by its own rule and shown beside the versions asked; the interaction id
    // without one sent is observed.
    expect(observed('cdr.x-v.served')['x-v response header']).toMatchObject({
      'list x-v 5': '5',
      'detail x-v 7': '7',
      'status x-v 1': '1',
    });
    expect(observed('cdr.list.envelope')['meta totals given as']).toBe('integer (the standard)');
    expect(observed('cdr.interaction-id.echo')).toHaveProperty('x-fapi-interaction-id returned when none is sent');
    // The reference reports each status in turn, so every branch of the status rules was met.
    expect(observed('cdr.status.explanation-when-not-ok')['statuses reported']).toBe(
      'OK, PARTIAL_FAILURE, SCHEDULED_OUTAGE, UNAVAILABLE',
    );
  });
  // Late memory in a plain run, as the CI gate runs it: every file keeps a first use as it starts, the family's
  // memory.alone.suite.ts asks it again after every other file of the run.
  test('what the reference must remember is asked again late, and the report says how late', async () => {
    const result = await wholeRun('reference');
    const rules = result.summary().rules;
    const lateLoyalty = rules.filter(
      (one) => one.family === 'loyalty' && one.observations?.['late replays'] !== undefined,
    );
    expect(lateLoyalty.map((one) => one.ruleId).sort(), result.stdout.slice(-3000)).toEqual([
      'loyalty.mac.nonce-reuse',
      'loyalty.transfer.order-id-unique',
    ]);
    for (const one of lateLoyalty)
      expect(one.observations?.['late replays']).toEqual([
        expect.stringMatching(/^\d+\.\d s and at least [\d,]+ requests after first use$/),
      ]);
    // A custody token sent back late is observed, never judged: document 3 gives a token no lifetime.
    const custody = rules.find((one) => one.ruleId === 'custody.cursor.token-encoding');
    const lateKey = 'a token sent back late (observed: document 3 gives a token no lifetime)';
    expect(custody?.status).toBe('passed');
    expect(custody?.observations?.[lateKey]).toEqual([
      expect.stringMatching(
        /^\/api\/\S+ NEXT asked again \d+\.\d s and at least [\d,]+ requests after first use: answered 200 with the same page as at first use$/,
      ),
    ]);
    // At least the other files' traffic lies between the first use and the late one.
    const [late] = (custody?.observations?.[lateKey] ?? []) as string[];
    expect(Number(/at least ([\d,]+) requests/.exec(late ?? '')?.[1]?.replaceAll(',', ''))).toBeGreaterThan(1000);
  });
  test('Allure history follows the rule id on a target: neither the seed, the statement nor what was observed changes the key', async () => {
    const result = await wholeRun('reference');
    const dir = join(result.reportsDir, 'allure-results');
    const results = readdirSync(dir)
      .filter((file) => file.endsWith('-result.json'))
      .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as AllureResult);
    // Every rule has its result (a rule replayed late in a second file has two, under one key).
    expect([...new Set(results.map((item) => item.name.split(':')[0]))].sort()).toEqual(
      result
        .summary()
        .rules.map((rule) => rule.ruleId)
        .sort(),
    );
    for (const item of results) {
      const ruleId = item.name.split(':')[0];
      expect(item.testCaseId).toBe(ruleId);
      expect(item.historyId).toBe(`${ruleId} @ reference`);
      expect(item.parameters.find((parameter) => parameter.name === 'seed')?.excluded).toBe(true);
    }
  });
});

describe('harness run against the billing-only entries of the bundled reference', () => {
  test.concurrent.each(['reference-single-entity', 'reference-plain'] as const)(
    '%s is conformant with zero failures',
    (target) => expectConformant(target),
  );
});

describe('a waiver', () => {
  test('a waived rule is reported as waived and the run stays conformant; --rule judges only its family', async () => {
    const { bundledTargets, writeTargets } = await import('../support/run-harness-cli.ts');
    const targets = writeTargets({
      waiving: {
        ...bundledTargets.targets.reference,
        waivers: [{ rule: 'billing.token.issue', reason: 'checked by hand' }],
      },
    });
    const result = await runCli([
      'run',
      '--targets',
      targets,
      '--target',
      'waiving',
      '--seed',
      '3',
      '--runs',
      '5',
      '--rule',
      'billing.token.issue',
      '--rule',
      'billing.charges.create',
    ]);
    const summary = result.summary();
    expect(summary.rules.find((rule) => rule.ruleId === 'billing.token.issue')).toMatchObject({
      status: 'waived',
      message: 'checked by hand',
    });
    expect(summary.rules.find((rule) => rule.ruleId === 'billing.charges.create')?.status).toBe('passed');
    expect(result.code).toBe(0);
    // --rule judges the families of its rules only: the entry's seven other families are neither preflighted nor
    // run.
    expect(summary.families).toEqual(['billing']);
    expect(summary.preflight.map((report) => report.family)).toEqual(['billing']);
    expect(result.stdout).toContain('families billing,');
  });
});

describe('harness configuration and usage errors exit 2 with the key path and the fix', () => {
  test('a typo in a target entry names the key and suggests the right one', async () => {
    const { writeTargets } = await import('../support/run-harness-cli.ts');
    const targets = writeTargets({
      broken: { kind: 'url', families: { billing: { baseUrl: 'http://127.0.0.1:1/billing', credentails: {} } } },
    });
    const result = await runCli(['run', '--targets', targets, '--target', 'broken']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('CONFIG_INVALID');
    expect(result.stderr).toContain('targets.broken.families.billing');
    expect(result.stderr).toContain('did you mean "credentials"');
  });

  test('an unset ${VAR} names the variable and the key', async () => {
    const { writeTargets } = await import('../support/run-harness-cli.ts');
    const targets = writeTargets({
      staging: {
        kind: 'url',
        families: {
          billing: {
            baseUrl: 'http://127.0.0.1:1/billing',
            credentials: { clientId: '${STAGING_ID_UNSET}', clientSecret: 'x' },
          },
        },
      },
    });
    const result = await runCli(['run', '--targets', targets, '--target', 'staging']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ENV_MISSING');
    expect(result.stderr).toContain('targets.staging.families.billing.credentials.clientId');
    expect(result.stderr).toContain('STAGING_ID_UNSET');
  });

  test('rules --json lists every rule with a check and a killing mutant', async () => {
    const result = await runCli(['rules', '--json']);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as { id: string; checkExists: boolean; killingMutants: string[] }[];
    expect(rows.length).toBe(allRules().length);
    expect(rows.filter((row) => !row.checkExists || row.killingMutants.length === 0)).toEqual([]);
  });

  test('every command answers --help, and an unknown one exits 2', async () => {
    const commands = ['run', 'doctor', 'rules', 'mutants', 'reference', 'report'];
    const [helps, nonsense, badRuns] = await Promise.all([
      Promise.all(commands.map((command) => runCli([command, '--help']))),
      runCli(['nonsense']),
      runCli(['run', '--runs', 'many']),
    ]);
    for (const [index, result] of helps.entries()) {
      expect(result.code, commands[index]).toBe(0);
      expect(result.stdout).toContain(`harness ${commands[index]}`);
    }
    expect(nonsense.code).toBe(2);
    expect(badRuns.code).toBe(2);
  });
});

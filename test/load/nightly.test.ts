import { describe, expect, test } from 'vitest';
import { Redactor } from '../../core/redaction.ts';
import type { FamilyModule } from '../../families/family.ts';
import { families, familyByName } from '../../families/index.ts';
import type { NightlyProfile } from '../../load/nightly-profile.ts';
import { runLoad } from '../../load/run-load.ts';
import { loadCharts } from '../../reporting/load-charts.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { loadProfileSchema, targetSchemaFor } from '../../targets/schema.ts';
import { referenceEnv } from '../reference/support.ts';

/** A registered family's nightly profile, from its load part. */
async function nightlyProfileOf(name: string): Promise<NightlyProfile> {
  const profile = (await familyByName(name)?.load?.())?.nightly;
  if (!profile) throw new Error(`family ${name} has no nightly profile`);
  return profile;
}

/** The billing nightly profile against a reference (or one of its mutants), each operation for one second. */
async function billingNightly(mutant?: string) {
  const env = referenceEnv();
  const reference = await startReferenceServer({
    env,
    serve: families().filter((family) => family.name === 'billing'),
    families: { billing: { mode: 'plain' } },
    ...(mutant ? { mutant } : {}),
  });
  const section = targetSchemaFor(families()).parse({
    kind: 'url',
    families: {
      billing: {
        baseUrl: reference.baseUrls.billing,
        credentials: { clientId: env.REFERENCE_CLIENT_ID, clientSecret: env.REFERENCE_CLIENT_SECRET },
        tenant: { multiEntity: false, multiOrg: false },
      },
    },
  });
  const profile = loadProfileSchema.parse({
    rate: 20,
    durationSeconds: 1,
    thresholds: ['p99 > 0 ms', 'rate(2xx) >= 99%', 'rate(5xx) == 0'],
  });
  const nightly = await (await nightlyProfileOf('billing'))({
    section: section.families.billing,
    client: section.client,
    redactor: new Redactor(),
    profile,
  });
  try {
    const results = [];
    for (const scenario of nightly.scenarios) results.push(await runLoad(scenario));
    return results;
  } finally {
    await nightly.close();
    await reference.close();
  }
}

describe.concurrent('the nightly billing profile', () => {
  test('loads every catalog operation at a constant rate within the thresholds, and charts each run as SVG', async () => {
    const results = await billingNightly();
    expect(results.map((result) => result.scenario)).toEqual([
      'nightly billing createCharge',
      'nightly billing queryCharge',
      'nightly billing updateCharge',
      'nightly billing createProduct',
    ]);
    for (const result of results) {
      expect(result.passed, JSON.stringify({ thresholds: result.thresholds, violations: result.violations })).toBe(
        true,
      );
      // 20 a second for a second, on a schedule: exactly what was offered.
      expect(result.model).toBe('open');
      expect(result.sent).toBe(20);
      expect(result.statuses['200']).toBe(20);
    }
    const charts = await loadCharts(results[0] as (typeof results)[number]);
    expect(charts.map((chart) => chart.name)).toEqual([
      'latency percentiles',
      'latency over time',
      'rate over time',
      'status codes over time',
    ]);
    for (const chart of charts) expect(chart.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(charts[0]?.svg).toContain('p99');
  });

  test('a target that does not echo the Svc-Track-Id sent fails every run on that rule, counted per response', async () => {
    const results = await billingNightly('track-id-echo-regenerated');
    for (const result of results) {
      expect(result.passed).toBe(false);
      expect(result.violations[0]?.ruleId).toBe('billing.headers.track_id.echo');
      expect(result.violations[0]?.count).toBe(result.statuses['200']);
    }
  });
});

/**
 * A family's nightly profile against the bundled reference serving that family alone, each operation for one second.
 */
async function familyNightly(name: string) {
  const env = referenceEnv();
  const family = families().find((candidate) => candidate.name === name) as FamilyModule;
  family.reference.ensureCredentials(env);
  const reference = await startReferenceServer({ env, serve: [family] });
  const entry = targetSchemaFor(families()).parse({
    kind: 'url',
    families: {
      [name]: family.reference.targetSection(
        reference.baseUrls[name] as string,
        family.reference.modes[0] ?? 'default',
        env,
      ),
    },
  });
  const profile = loadProfileSchema.parse({
    rate: 20,
    durationSeconds: 1,
    thresholds: ['p99 > 0 ms', 'rate(2xx) >= 99%', 'rate(5xx) == 0'],
  });
  const nightly = await (await nightlyProfileOf(name))({
    section: entry.families[name],
    client: entry.client,
    redactor: new Redactor(),
    profile,
  });
  try {
    const results = [];
    for (const scenario of nightly.scenarios) results.push({ scenario, result: await runLoad(scenario) });
    return results;
  } finally {
    await nightly.close();
    await reference.close();
  }
}

describe.concurrent('the nightly cdr and cards profiles', () => {
  test('cdr: list, detail (of a listed product) and status at the served versions, within thresholds; an answer without the interaction id sent breaks its rule', async () => {
    const runs = await familyNightly('cdr');
    expect(runs.map(({ result }) => result.scenario)).toEqual([
      'nightly cdr list',
      'nightly cdr detail',
      'nightly cdr status',
    ]);
    for (const { result } of runs) {
      expect(result.passed, JSON.stringify({ thresholds: result.thresholds, violations: result.violations })).toBe(
        true,
      );
      expect(result.statuses['200']).toBeGreaterThanOrEqual(15);
    }
    const check = runs[0]?.scenario.checkResponse;
    expect(check?.({ label: 'list', status: 200, headers: {}, body: '{}' })?.ruleId).toBe('cdr.interaction-id.echo');
  });

  test('cards: the four reads on the fixtures within thresholds; a status the operation does not document breaks its rule', async () => {
    const runs = await familyNightly('cards');
    expect(runs.map(({ result }) => result.scenario)).toEqual([
      'nightly cards GET card',
      'nightly cards GET card user',
      'nightly cards GET transactions',
      'nightly cards GET authorizations',
    ]);
    for (const { result } of runs)
      expect(result.passed, JSON.stringify({ thresholds: result.thresholds, violations: result.violations })).toBe(
        true,
      );
    const check = runs[0]?.scenario.checkResponse;
    expect(check?.({ label: 'GET card', status: 410, headers: {}, body: '' })?.ruleId).toBe(
      'cards.errors.documented-statuses',
    );
    expect(check?.({ label: 'GET card', status: 404, headers: {}, body: '' })).toBeUndefined();
  });
});

describe.concurrent('the nightly shortener, agentic and loyalty profiles', () => {
  test.each([
    [
      'shortener',
      ['nightly shortener mappings'],
      { status: 200, body: '{"mappings":[]}' },
      'shortener.mappings.one-per-entry-in-order',
    ],
    [
      'agentic',
      [
        'nightly agentic ENROLLMENT_UPDATE',
        'nightly agentic INTENT_UPDATE',
        'nightly agentic PAYMENT_CREDENTIAL_UPDATE',
      ],
      { status: 400, body: '{}' },
      'agentic.enrollment-update.accepted',
    ],
    [
      'loyalty',
      ['nightly loyalty notify', 'nightly loyalty transfer (simulated)'],
      { status: 403, body: '{}' },
      'loyalty.notify.accepted',
    ],
  ])(
    '%s: every operation within thresholds against the reference; a wrong answer breaks its rule',
    async (name, scenarios, wrong, ruleId) => {
      const runs = await familyNightly(name);
      expect(runs.map(({ result }) => result.scenario)).toEqual(scenarios);
      for (const { result } of runs)
        expect(result.passed, JSON.stringify({ thresholds: result.thresholds, violations: result.violations })).toBe(
          true,
        );
      expect(runs[0]?.scenario.checkResponse?.({ label: name, headers: {}, ...wrong })?.ruleId).toBe(ruleId);
    },
  );
});

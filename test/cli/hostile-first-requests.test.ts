import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunSummary } from '../../reporting/run-summary.ts';
import { hostileClientId, hostileClientSecret, startHostileTarget } from '../support/hostile-target.ts';
import { connectionMisbehaviours, hangingMisbehaviours, startMisbehavingFront } from '../support/misbehaving-front.ts';
import {
  bundledTargets,
  type CliResult,
  runCli,
  withReferenceCredentials,
  writeTargets,
} from '../support/run-harness-cli.ts';

/*
 * Every connection-level misbehaviour against every family's first requests: a front meets every request of every
 * family (billing's token, each suite file's first use kept for the late replay, each session's first request) with
 * the misbehaviour. Each run ends in a verdict: exit 1, a failed rule in each family with its evidence, nothing broken,
 * nothing not run, nothing stopped by the deadline, no secret in the output.
 */

const allFamilies = Object.keys(bundledTargets.targets.reference?.families ?? {});
/** A run's deadline, below vitest's test timeout: a run slowed past it is reported, not cut (read from its summary). */
const maxTimeSeconds = 200;

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** The bundled reference entry's sections of `judged`, every base URL on the front: their credentials, its address. */
function sectionsBehind(origin: string, judged: readonly string[]): Record<string, unknown> {
  const reference = bundledTargets.targets.reference as unknown as { families: Record<string, unknown> };
  const sections = Object.fromEntries(judged.map((family) => [family, reference.families[family]]));
  return JSON.parse(JSON.stringify(sections).replaceAll('http://127.0.0.1:{port}', origin));
}

/** A front meeting every request with `mode`, closed after the file. */
async function frontOf(mode: string): Promise<string> {
  const front = await startMisbehavingFront(mode);
  closers.push(() => front.close());
  return front.origin;
}

/** Everything a failed rule says: its message and its evidence. */
const saidBy = (rule: RunSummary['rules'][number]) => JSON.stringify([rule.message, rule.evidence ?? []]);

/** A run against the hostile entry, its output's tail kept for the messages. */
async function runHostile(entry: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) {
  const targets = writeTargets({ hostile: entry });
  // One worker: the rate-limit probes run after the other files instead of in workers of their own (less CPU).
  const args = ['run', '--targets', targets, '--target', 'hostile', '--seed', '7', '--runs', '1', '--workers', '1'];
  return runCli([...args, '--max-time', String(maxTimeSeconds)], { CI: 'true', ...env });
}

/**
 * The verdict every such run must end in: exit 1, ended by itself, nothing broken or not run, and in each family a
 * failed rule with evidence; where the mode is silence, one of them names the timeout, and `silentFamilies` (whose
 * every request met the mode) have no rule passed.
 */
function expectVerdict(
  result: CliResult,
  mode: string,
  families: readonly string[],
  silentFamilies: readonly string[],
) {
  const output = result.stdout.slice(-4000) + result.stderr.slice(-2000);
  expect(result.code, output).toBe(1);
  const summary = result.summary();
  const judged = summary.rules
    .filter((rule) => rule.status !== 'blocked')
    .map((rule) => `${rule.status} ${rule.ruleId}: ${(rule.message ?? '').slice(0, 160)}`)
    .join('\n');
  expect(summary.stoppedBy, output).toBeUndefined();
  expect(summary.notRun, output).toEqual([]);
  expect(summary.counts.broken, judged).toBe(0);
  for (const family of families) {
    const rules = summary.rules.filter((rule) => rule.family === family);
    const failed = rules.filter((rule) => rule.status === 'failed');
    expect(failed.length, `${family}: a failed rule\n${judged}`).toBeGreaterThan(0);
    for (const rule of failed) expect(rule.evidence?.length, `${rule.ruleId}: evidence`).toBeGreaterThan(0);
    if (!hangingMisbehaviours.has(mode)) continue;
    // The request's own timeout is what failed.
    expect(
      failed.some((rule) => saidBy(rule).includes('TIMEOUT')),
      `${family}: the timeout named\n${judged}`,
    ).toBe(true);
    // A rule whose requests all met silence did not pass.
    if (silentFamilies.includes(family))
      expect(
        rules.filter((rule) => rule.status === 'passed').map((rule) => rule.ruleId),
        judged,
      ).toEqual([]);
  }
}

/** Pieces of a secret eight characters long: none may appear in the terminal or the summary. */
function expectNoSecret(result: CliResult, secrets: readonly string[]): void {
  const text = result.stdout + result.stderr + readFileSync(`${result.reportsDir}/summary.json`, 'utf8');
  for (const secret of secrets)
    for (let index = 0; index + 8 <= secret.length; index++)
      expect(text.includes(secret.slice(index, index + 8)), 'a piece of a secret in the output').toBe(false);
}

const referenceSecrets = () =>
  Object.entries(withReferenceCredentials())
    .filter(([name]) => /^REFERENCE_.*(SECRET|TOKEN|PRIVATE|PASSPHRASE)/.test(name))
    .map(([, value]) => value as string);

describe('every connection-level misbehaviour on every family, first requests included, ends in a verdict', () => {
  // A 2 s request timeout keeps these in budget; one unanswered request opens a family's breaker.
  test.concurrent.for(Object.keys(connectionMisbehaviours))('%s', async (mode) => {
    const families = sectionsBehind(await frontOf(mode), allFamilies);
    const result = await runHostile({ kind: 'url', families, client: { timeoutMs: 2000, unresponsiveAfter: 1 } });
    expectVerdict(result, mode, allFamilies, allFamilies);
    expectNoSecret(result, referenceSecrets());
  });
});

/*
 * The client's default request timeout (10 s) is also vitest's default for a hook. Billing's token is served (so a
 * suite file's first use, an idempotent creation, is the first request to meet the mode), and one family of each other
 * document meets it from the start. Before the hooks' budgets were derived from the request timeout, each suite file's
 * first use outlasted its hook, and such a run judged nothing at all ("not run", exit 2).
 */
describe('a body that never ends, at the default request timeout, from the first use of each suite file', () => {
  test.concurrent.for(['hang after headers', 'slow body (1 byte/s)'])('%s', async (mode) => {
    const misbehave = connectionMisbehaviours[mode] as NonNullable<(typeof connectionMisbehaviours)[string]>;
    const billing = await startHostileTarget(({ req, res, socket }) => misbehave(req, res, socket));
    closers.push(() => billing.close());
    const families = {
      billing: {
        baseUrl: billing.baseUrl,
        credentials: { clientId: '${HOSTILE_ID}', clientSecret: '${HOSTILE_SECRET}' },
        tenant: { multiEntity: false, multiOrg: false },
      },
      ...sectionsBehind(await frontOf(mode), ['shortener', 'custody']),
    };
    const result = await runHostile(
      { kind: 'url', families, client: { unresponsiveAfter: 1 } },
      { HOSTILE_ID: hostileClientId, HOSTILE_SECRET: hostileClientSecret },
    );
    expectVerdict(result, mode, ['billing', 'shortener', 'custody'], ['shortener', 'custody']);
    expect(billing.issuedTokens.length).toBeGreaterThan(0);
    expectNoSecret(result, [hostileClientSecret, ...billing.issuedTokens, ...referenceSecrets()]);
  });
});

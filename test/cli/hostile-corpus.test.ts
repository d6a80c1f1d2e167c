import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliResult, runCli, writeTargets } from '../support/run-harness-cli.ts';
import {
  gzipBomb,
  hostileBehaviours,
  hostileClientId,
  hostileClientSecret,
  startHostileTarget,
} from '../support/hostile-target.ts';

/*
 * The hostile-target corpus: one run of the real CLI per misbehaviour, each against a target that issues real
 * tokens (so that they can leak) and misbehaves on every catalog request. Short timeouts keep it in budget.
 */

const rules = [
  'billing.token.issue',
  'billing.charges.create',
  'billing.catalog.auth.invalid',
  'billing.headers.track_id.echo',
];
const maxTimeSeconds = 120;
/** Where the target answers correctly once the interim responses are skipped, the run is conformant. */
const conformantBehaviours = new Set(['1xx responses before the real one']);

let behaviours: ReturnType<typeof hostileBehaviours>;

beforeAll(async () => {
  behaviours = hostileBehaviours(await gzipBomb(200 * 1024 * 1024));
});

/** Every 8-character piece of a secret. */
function pieces(secret: string): string[] {
  return Array.from({ length: Math.max(0, secret.length - 7) }, (_, index) => secret.slice(index, index + 8));
}

/** The terminal output and every report file of a run, as one text. */
function everything(result: CliResult): string {
  const results = join(result.reportsDir, 'allure-results');
  const files = [
    join(result.reportsDir, 'summary.json'),
    join(result.reportsDir, 'junit.xml'),
    ...readdirSync(results).map((name) => join(results, name)),
  ];
  return [result.stdout, result.stderr, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
}

/**
 * Misbehaviours at the connection (silence before or after the headers, a trickle, a reset, a close mid-body) are
 * hostile-first-requests.test.ts's: it meets every family's first requests with them, the token's included.
 */
const atTheConnection = new Set([
  'no answer at all',
  'hang after headers',
  'slow headers (1 byte/s)',
  'slow body (1 byte/s)',
  'reset mid-body',
  'Content-Length longer than the body',
]);
const names = Object.keys(hostileBehaviours(Buffer.alloc(0))).filter((name) => !atTheConnection.has(name));

describe('the hostile-target corpus: never a crash, never a leaked secret, always inside the deadline', () => {
  const started: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(started.map((target) => target.close()));
  });

  test.concurrent.each(names)('%s', async (name) => {
    const target = await startHostileTarget((exchange) => (behaviours[name] as (typeof behaviours)[string])(exchange));
    started.push(target);
    const targets = writeTargets({
      hostile: {
        kind: 'url',
        families: {
          billing: {
            baseUrl: target.baseUrl,
            credentials: { clientId: '${HOSTILE_ID}', clientSecret: '${HOSTILE_SECRET}' },
            tenant: { multiEntity: false, multiOrg: false },
          },
        },
        client: { timeoutMs: 1500, concurrency: 4 },
      },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'hostile',
        '--seed',
        '5',
        '--runs',
        '2',
        '--max-time',
        String(maxTimeSeconds),
        ...rules.flatMap((rule) => ['--rule', rule]),
      ],
      {
        HOSTILE_ID: hostileClientId,
        HOSTILE_SECRET: hostileClientSecret,
        CI: 'true',
      },
    );
    const output = result.stdout.slice(-3000) + result.stderr.slice(-2000);

    expect(result.code, output).toBe(conformantBehaviours.has(name) ? 0 : 1);
    const summary = result.summary();
    expect(summary.inProgress).toBe(false);
    // The run ended by itself, inside its deadline: read from the summary, not from a clock a busy machine slows.
    expect(summary.stoppedBy).toBeUndefined();
    expect(summary.notRun).toEqual([]);
    expect(summary.counts.broken, output).toBe(0);
    if (!conformantBehaviours.has(name)) {
      const failed = summary.rules.filter((rule) => rule.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const rule of failed) expect(rule.evidence?.[0]?.curl, rule.ruleId).toContain('curl');
    }
    expect(XMLValidator.validate(readFileSync(join(result.reportsDir, 'junit.xml'), 'utf8'))).toBe(true);
    expect(existsSync(join(result.reportsDir, 'allure-results'))).toBe(true);
    expect(readdirSync(join(result.reportsDir, 'allure-results')).some((file) => file.endsWith('-result.json'))).toBe(
      true,
    );

    expect(target.issuedTokens.length).toBeGreaterThan(0);
    const text = everything(result);
    for (const secret of [hostileClientSecret, ...target.issuedTokens]) {
      for (const piece of pieces(secret))
        expect(text.includes(piece), `a piece of a secret (${piece.slice(0, 2)}…) in the reports`).toBe(false);
    }
  });
});

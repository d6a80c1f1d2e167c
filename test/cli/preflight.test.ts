import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { families } from '../../families/index.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { freePort } from '../../targets/free-port.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * Before any suite, `run` checks each family's base URL answers and its credentials get a token: a wrong
 * URL or refused credentials are configuration errors (exit 2, one line naming family, URL and cause),
 * never a verdict. `doctor` runs just that check.
 */

const clientId = '6d1f0c4e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const env = { REFERENCE_CLIENT_ID: clientId, REFERENCE_CLIENT_SECRET: 'preflight-secret-1234567' };
let reference: RunningReference;

beforeAll(async () => {
  reference = await startReferenceServer({
    serve: families(),
    env: { ...env },
    families: { billing: { mode: 'plain' } },
  });
});
afterAll(() => reference.close());

function billingTarget(baseUrl: string) {
  return {
    kind: 'url',
    families: {
      billing: {
        baseUrl,
        credentials: { clientId: '${PF_ID}', clientSecret: '${PF_SECRET}' },
        tenant: { multiEntity: false, multiOrg: false },
      },
    },
  };
}

describe('preflight of harness run', () => {
  test('an unreachable base URL exits 2 naming the family, the URL and the cause; no rule is judged', async () => {
    const url = `http://127.0.0.1:${await freePort()}/billing`;
    const targets = writeTargets({ gone: billingTarget(url) });
    const result = await runCli(['run', '--targets', targets, '--target', 'gone', '--runs', '1'], {
      PF_ID: clientId,
      PF_SECRET: 'whatever',
    });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toContain(`PREFLIGHT_FAILED: billing at ${url}: connection refused`);
    expect(result.stdout).not.toContain('FAIL ');
    // The CI test view is never empty: the summary and JUnit say the preflight failed, and judge no rule.
    const summary = result.summary();
    expect(summary.verdict).toBe('error');
    expect(summary.rules).toEqual([]);
    expect(summary.preflight[0]?.problem).toMatch(/connection refused/);
    expect(summary.notRun.length).toBeGreaterThan(0);
    const junit = readFileSync(join(result.reportsDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(
      /<testcase classname="billing" name="billing\.preflight" time="0\.000">\s*<error message="preflight of billing at [^"]+ failed: connection refused/,
    );
    expect(junit).toContain('<skipped>not run: the preflight failed (billing): no rule was judged</skipped>');
  });

  test('credentials refused as a wrong one is exit 2 naming the family, the status and the key, never the secret', async () => {
    const targets = writeTargets({ wrong: billingTarget(reference.baseUrls.billing as string) });
    const result = await runCli(['run', '--targets', targets, '--target', 'wrong', '--runs', '1'], {
      PF_ID: clientId,
      PF_SECRET: 'not-the-right-secret-42',
    });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toContain(
      `PREFLIGHT_FAILED: billing at ${reference.baseUrls.billing}: OAuth client refused: POST ${reference.baseUrls.billing}/oauth/token answered 401, as a deliberately wrong one is (answered 401)`,
    );
    expect(result.stderr).toContain('fix: edit targets.wrong.families.billing.credentials');
    expect(result.stdout + result.stderr).not.toContain('not-the-right-secret-42');
  });
});

describe('harness doctor', () => {
  test('reports reachability, working auth, the Server header and latency, and exits 0', async () => {
    const targets = writeTargets({ good: billingTarget(reference.baseUrls.billing as string) });
    const result = await runCli(['doctor', '--targets', targets, '--target', 'good'], {
      PF_ID: clientId,
      PF_SECRET: env.REFERENCE_CLIENT_SECRET,
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`billing  ${reference.baseUrls.billing}`);
    expect(result.stdout).toMatch(/reachable: yes, auth works: yes, server: .+, latency: \d+ ms/);
    expect(result.stdout).not.toContain(env.REFERENCE_CLIENT_SECRET);
  });

  test('starts a command target, checks it, stops it', async () => {
    const result = await runCli(['doctor', '--target', 'reference-plain']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('auth works: yes');
  });

  test('an unreachable target is NOT USABLE and exits 2', async () => {
    const targets = writeTargets({ gone: billingTarget(`http://127.0.0.1:${await freePort()}/billing`) });
    const result = await runCli(['doctor', '--targets', targets, '--target', 'gone'], {
      PF_ID: clientId,
      PF_SECRET: 'x',
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('reachable: no');
    expect(result.stdout).toContain('NOT USABLE: billing at');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

/** Every report file of a run, and its terminal output, as one text to search. */
function everything(result: { stdout: string; stderr: string; reportsDir: string }): string {
  const results = join(result.reportsDir, 'allure-results');
  const files = [
    join(result.reportsDir, 'summary.json'),
    join(result.reportsDir, 'junit.xml'),
    ...readdirSync(results).map((name) => join(results, name)),
  ];
  return [result.stdout, result.stderr, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
}

describe('values derived from a secret never reach a report', () => {
  test('a counterexample made from the live token is described, not shown', async () => {
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({ mutant: { ...entry, command: [...entry.command, '--mutant', 'auth-any-bearer'] } });
    const result = await runCli([
      'run',
      '--targets',
      targets,
      '--target',
      'mutant',
      '--seed',
      '2',
      '--runs',
      '3',
      '--rule',
      'billing.catalog.auth.invalid',
    ]);
    expect(result.code, result.stdout.slice(-2000)).toBe(1);
    const rule = result.summary().rules.find((entry) => entry.ruleId === 'billing.catalog.auth.invalid');
    expect(rule?.replay?.counterexample).toContain(
      '(withheld: derived from a secret: the real token with its last character changed)',
    );
    // The reference's tokens are 40 base64url characters: no 8-character run of one may appear anywhere.
    expect(everything(result)).not.toMatch(/Bearer [A-Za-z0-9_-]{8,}/);
  });
});

describe('an observation that echoes the client secret is redacted in summary.json too', () => {
  const secret = 'echoed-client-secret-0042';
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    // Every token request meets a 429 whose body quotes the request, secret included, also as plain text.
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () =>
        response
          .writeHead(429, { 'content-type': 'text/plain', 'retry-after': '0' })
          .end(`slow down; you sent ${body} (secret ${secret})`),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('a 429 that never recovers fails the rate-limit rule with its body masked in the evidence', async () => {
    const targets = writeTargets({
      echo: {
        kind: 'url',
        families: {
          billing: {
            baseUrl: `http://127.0.0.1:${port}/billing`,
            credentials: { clientId: '${ECHO_ID}', clientSecret: '${ECHO_SECRET}' },
            tokenMinIntervalMs: 0,
          },
        },
      },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'echo',
        '--seed',
        '1',
        '--runs',
        '1',
        '--rule',
        'billing.token.rate_limit',
      ],
      {
        ECHO_ID: '11111111-2222-4333-8444-555555555555',
        ECHO_SECRET: secret,
      },
    );
    const rule = result.summary().rules.find((entry) => entry.ruleId === 'billing.token.rate_limit');
    expect(rule?.status).toBe('failed');
    const response = String(rule?.evidence?.[0]?.response);
    expect(response).toContain('slow down');
    expect(response).toContain('***');
    expect(everything(result)).not.toContain(secret.slice(0, 8));
  });
});

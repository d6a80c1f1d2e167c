import { describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

const rateLimitRule = 'exchange.limits.rate-limit';

/** The bundled reference's exchange alone, at a limit of 100 requests a second, the probe pinned to it. */
function referenceAt(limit: number, extraArgs: string[] = []) {
  return writeTargets({
    limited: {
      kind: 'command',
      command: ['{harness}', 'reference', '--port', '{port}', '--exchange-rate', `${limit}/1000`, ...extraArgs],
      ready: { stdoutMatches: 'reference target listening', timeoutMs: 20000 },
      families: {
        exchange: {
          baseUrl: 'http://127.0.0.1:{port}/exchange',
          credentials: { apiKey: '${REFERENCE_EXCHANGE_API_KEY}', secretKey: '${REFERENCE_EXCHANGE_SECRET_KEY}' },
          rateLimitProbe: { limit },
        },
      },
    },
  });
}

describe('the exchange rate-limit probe, run after every other exchange rule', () => {
  test('finds the configured limit within 10 percent and says how long it left the target alone first', async () => {
    const result = await runCli([
      'run',
      '--targets',
      referenceAt(100),
      '--target',
      'limited',
      '--suite',
      'exchange',
      '--seed',
      '3',
      '--runs',
      '20',
      '--workers',
      '1',
    ]);
    const verdicts = result.summary().rules;
    expect(
      verdicts.filter((rule) => !['passed', 'not-applicable'].includes(rule.status)),
      result.stdout.slice(-3000),
    ).toEqual([]);
    const probe = verdicts.find((rule) => rule.ruleId === rateLimitRule);
    const found = Number(probe?.observations?.limitPerSecond);
    expect(Math.abs(found - 100)).toBeLessThanOrEqual(10);
    expect(String(probe?.observations?.quietBeforeFirstBurst)).toMatch(
      /^\d+\.\d s left alone \(1 single request\(s\), until one was not limited\)$/,
    );
    expect(result.code).toBe(0);
  });

  test('a limited answer in its evidence shows the signed headers actually sent', async () => {
    const result = await runCli([
      'run',
      '--targets',
      referenceAt(100, ['--mutant', 'exchange-rate-limit-code-50000']),
      '--target',
      'limited',
      '--suite',
      'exchange',
      '--rule',
      rateLimitRule,
      '--seed',
      '3',
      '--workers',
      '1',
    ]);
    const probe = result.summary().rules.find((rule) => rule.ruleId === rateLimitRule);
    expect(probe?.status, result.stdout.slice(-3000)).toBe('failed');
    const request = probe?.evidence?.[0]?.request ?? '';
    // The signature is a credential by definition: masked, as the timestamp beside it is not.
    expect(request).toMatch(/EX-ACCESS-SIGN: \*\*\*/i);
    expect(request).toMatch(/EX-ACCESS-TIMESTAMP: \d{4}-\d{2}-\d{2}T/i);
    expect(result.code).toBe(1);
  });
});

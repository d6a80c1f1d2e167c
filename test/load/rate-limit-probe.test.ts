import { judged } from '../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import type { RateLimitedOperation } from '../../load/rate-limit-probe.ts';
import { Redactor } from '../../core/redaction.ts';
import { exchangeRateLimited } from '../../suites/exchange/checks/rate-limit.ts';
import { rateLimitProbed } from '../../checks/rate-limit-probed.ts';
import { exchangeClientFor } from '../../suites/exchange/client/session.ts';
import { exchangeRateLimitOperation } from '../../suites/exchange/load/batch-orders.ts';
import { exchangeSectionSchema } from '../../suites/exchange/entry/section.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { families } from '../../families/index.ts';
import { probeRateLimit } from '../../load/rate-limit-probe.ts';
import { tokenRateLimitOperation } from '../../suites/billing/load/token-rate-limit-operation.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { targetSchemaFor } from '../../targets/schema.ts';
import { referenceEnv } from '../reference/support.ts';
import { type BillingTargetOptions, withBillingTarget } from './billing-target.ts';
import { thrownBy } from '../checks/violation.ts';
import { exchange } from '../checks/exchanges.ts';
import { replyJson, startLocalServer } from '../support/local-server.ts';

/*
 * The probe against the reference with limits it was given. Limits stay low enough for a loaded 2-core
 * machine to offer well above them; each probe starts near its limit so the file stays short.
 */

const rule = 'billing.token.rate_limit';

/** The token operation of a billing reference with the given limit or mutant. */
const withTokenOperation = <T>(options: BillingTargetOptions, use: (operation: RateLimitedOperation) => Promise<T>) =>
  withBillingTarget(options, (client, baseUrl) => use(tokenRateLimitOperation(client, baseUrl)));

const settings = (startRate: number, maxRate = 400) => ({
  startRate,
  maxRate,
  stepSeconds: 1,
  recoverySeconds: 1,
  maxRequests: 5000,
  maxSeconds: 40,
  concurrency: 8,
});

/** A probe of the token limit `limit` from `startRate`: what it found, judged as the rule judges it. */
async function expectLimitFound(limit: number, startRate: number): Promise<void> {
  const finding = await withTokenOperation({ limit }, (operation) => probeRateLimit(operation, settings(startRate)));
  expect(finding.limited, JSON.stringify(finding.steps)).toBe(true);
  expect(Math.abs((finding.limit ?? 0) - limit) / limit, JSON.stringify(finding.steps)).toBeLessThanOrEqual(0.1);
  expect(finding.unlimitedLabels).toEqual([]);
  expect(finding.recovery?.exchange.response?.status).toBe(200);
  const verdict = judged(rateLimitProbed, rule)(finding, { limit });
  expect(verdict.observations?.retryAfter).toBe('1');
  expect(verdict.observations?.body429).toContain('rate_limited');
}

/**
 * The rate this machine reaches against the reference's token endpoint now: one step of 256 requests with no limit in
 * reach. A busy machine reached only 92 to 117 a second (the timed files beside it), where a limit of 200 was never met.
 */
async function reachedNow(): Promise<number> {
  const finding = await withTokenOperation({ limit: 100_000 }, (operation) =>
    probeRateLimit(operation, settings(256, 256)),
  );
  return Math.max(0, ...finding.steps.map((step) => step.reachedPerSecond ?? step.rate));
}

// Concurrent: each probe mostly waits out its limit's window, and each has a server of its own.
describe.concurrent('the token rate-limit probe finds the limit the reference was given', () => {
  test.each([
    [20, 8],
    [50, 20],
  ])('a limit of %d requests per second, within 10 percent', (limit, startRate) => expectLimitFound(limit, startRate));

  // The high limit is 200, or half of what the machine reaches when that is less: a limit is found only where the
  // steps can go over it, and the rate reached is measured in this run, not assumed.
  test('a high limit (200 requests per second, or half the rate this machine reaches), within 10 percent', async () => {
    const limit = Math.min(200, Math.floor((await reachedNow()) / 2));
    expect(limit, 'the rate reached was measured').toBeGreaterThanOrEqual(25);
    await expectLimitFound(limit, Math.round(limit / 3));
  });
});

describe.concurrent('the probe fails the rule on a target that breaks it', () => {
  test('no rate limit: no 429 up to the highest rate offered', async () => {
    const finding = await withTokenOperation({ mutant: 'token-no-rate-limit' }, (operation) =>
      probeRateLimit(operation, settings(40, 80)),
    );
    expect(finding.limited).toBe(false);
    expect(() => judged(rateLimitProbed, rule)(finding)).toThrow(/never met a 429/);
  });

  test('a target slower than the rates offered: no 429, and the violation says the rate its answers allowed', async () => {
    // Each answer 50 ms late, through 4 connections: at most 80 a second, whatever the rate offered.
    const server = await startLocalServer((_req, res) => {
      setTimeout(() => replyJson(res, 200, {}), 50);
    });
    try {
      const operation: RateLimitedOperation = {
        name: 'slow',
        family: 'billing',
        baseUrl: `http://127.0.0.1:${server.port}`,
        requests: [{ label: 'slow', method: 'GET', path: '/slow' }],
        sendOne: async () => exchange({ status: 200, body: '{}' }),
      };
      const finding = await probeRateLimit(operation, { ...settings(40, 320), concurrency: 4 });
      expect(finding.limited).toBe(false);
      expect(finding.steps.map((step) => step.rate)).toEqual([40, 80, 160, 320]);
      const reached = Math.max(...finding.steps.map((step) => step.reachedPerSecond ?? step.rate));
      expect(reached, JSON.stringify(finding.steps)).toBeLessThanOrEqual(81);
      expect(() => judged(rateLimitProbed, rule)(finding)).toThrow(
        /up to 320 per second never met a 429 \(at most \d+ per second reached: the answers took longer than each step's 1 s\)/,
      );
    } finally {
      await server.close();
    }
  });

  test('a limit the query-string path escapes', async () => {
    const finding = await withTokenOperation({ limit: 20, mutant: 'token-rate-limit-query-bypass' }, (operation) =>
      probeRateLimit(operation, settings(16, 200), { narrow: false }),
    );
    expect(finding.unlimitedLabels).toEqual(['token, path with a query']);
    expect(() => judged(rateLimitProbed, rule)(finding)).toThrow(
      /never met a 429: the limit does not hold on every path/,
    );
  });

  test('a limit off the pinned one', async () => {
    const finding = await withTokenOperation({ limit: 22 }, (operation) =>
      probeRateLimit(operation, settings(16), { narrow: false }),
    );
    const violation = thrownBy(() => judged(rateLimitProbed, rule)(finding, { limitAtMost: 20 }));
    expect(violation).toBeInstanceOf(RuleViolation);
    expect((violation as RuleViolation).evidence[0]?.response?.status).toBe(429);
  });
});

describe('the exchange rate-limit probe (the same machinery, exchange scenario data)', () => {
  test('finds a limit of 40 requests per second within 10 percent, every answer a valid envelope, 429s with 50011', async () => {
    const env = referenceEnv();
    const reference = await startReferenceServer({
      env,
      serve: families().filter((family) => family.name === 'exchange'),
      families: { exchange: { options: { rateLimit: { requests: 40, windowMs: 1000 } } } },
    });
    const section = exchangeSectionSchema.parse({
      baseUrl: reference.baseUrls.exchange,
      credentials: { apiKey: env.REFERENCE_EXCHANGE_API_KEY, secretKey: env.REFERENCE_EXCHANGE_SECRET_KEY },
    });
    const client = await exchangeClientFor(
      section,
      targetSchemaFor(families()).parse({ kind: 'url', families: { exchange: section } }).client,
      new Redactor(),
    );
    try {
      const finding = await probeRateLimit(exchangeRateLimitOperation(client, section), settings(16));
      expect(finding.violations).toEqual([]);
      expect(Math.abs((finding.limit ?? 0) - 40) / 40, JSON.stringify(finding.steps)).toBeLessThanOrEqual(0.1);
      expect(judged(exchangeRateLimited, 'exchange.limits.rate-limit')(finding).observations?.body429).toContain(
        '"50011"',
      );
    } finally {
      await client.close();
      await reference.close();
    }
  });
});

describe('a target that does not answer', () => {
  test('stops the probe after one step instead of stepping on, and fails the rule saying why', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const exchange = (await import('../checks/exchanges.ts')).exchange;
    try {
      const finding = await probeRateLimit(
        {
          name: 'silent',
          family: 'test',
          baseUrl,
          requests: [{ label: 'token', method: 'POST', path: '/oauth/token', body: '{}' }],
          sendOne: async () => exchange({ status: 200 }),
        },
        settings(10, 400),
      );
      expect(finding.steps).toHaveLength(1);
      expect(finding.stoppedBy).toBe('unresponsive');
      expect(() => judged(rateLimitProbed, rule)(finding)).toThrow(/no answer in time/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

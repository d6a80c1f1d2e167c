import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadExchangeOrderAdapter } from '../../rules/exchange/adapters/load-adapter.ts';
import { readEnvelope } from '../../suites/exchange/client/envelope.ts';
import { ExchangeClient } from '../../suites/exchange/client/exchange-client.ts';
import { Redactor } from '../../core/redaction.ts';
import { exchangeFamily } from '../../families/exchange.ts';
import { type RunningReference, startReferenceServer } from '../../reference/server.ts';
import { expectEveryRulePassed } from '../independent/every-rule-judged.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';
import type { LocalServer } from '../support/rewriting-proxy.ts';
import { startRenamedExchange } from './fixtures/team-exchange/renamed-exchange.ts';

/*
 * A team's exchange whose orders have other field names than the reference's (the reference behind a proxy that reads
 * orders in the team's names only, fixtures/team-exchange/renamed-exchange.ts), judged with an order adapter module of
 * the team's own named by path in the entry, relative to the targets file (fixtures/team-exchange/team-order-adapter.ts):
 * conformant on every exchange rule, with no edit of the harness.
 */

const teamModule = fileURLToPath(new URL('./fixtures/team-exchange/team-order-adapter.ts', import.meta.url));
const env: NodeJS.ProcessEnv = {};
/**
 * The reference's limit behind the proxy, in requests a second: 100 instead of its default 250, a rate the probe
 * reaches through the relay (which re-signs every request in this test's process) on a busy machine too. At 250, a
 * busy machine's relay passed fewer than 250 a second and the probe met no 429 up to its 1000.
 */
const exchangeLimit = { requests: 100, windowMs: 1000 };
let reference: RunningReference;
let service: LocalServer;
beforeAll(async () => {
  reference = await startReferenceServer({
    serve: [exchangeFamily],
    env,
    families: { exchange: { options: { rateLimit: exchangeLimit } } },
  });
  service = await startRenamedExchange(
    reference.baseUrls.exchange as string,
    env.REFERENCE_EXCHANGE_SECRET_KEY as string,
  );
});
afterAll(async () => {
  await service?.close();
  await reference?.close();
});

test("the service takes orders in its own names only: the reference's are refused, the team's module's placed", async () => {
  const batch = async (adapter: string) => {
    const client = new ExchangeClient({
      baseUrl: service.origin,
      apiKey: env.REFERENCE_EXCHANGE_API_KEY as string,
      secretKey: env.REFERENCE_EXCHANGE_SECRET_KEY as string,
      orders: await loadExchangeOrderAdapter(adapter),
      timeoutMs: 5000,
      redactor: new Redactor(),
    });
    try {
      const exchange = await client.batch([
        { instrument: 'BTC-USDT', side: 'buy', size: '0.01', price: '10', clOrdId: `team${adapter.length}` },
      ]);
      return readEnvelope(exchange)?.items.map(({ sCode, clOrdId }) => ({ sCode, clOrdId }));
    } finally {
      await client.close();
    }
  };
  expect(await batch('reference')).toEqual([{ sCode: '51000', clOrdId: '' }]);
  expect(await batch(teamModule)).toEqual([{ sCode: '0', clOrdId: `team${teamModule.length}` }]);
});

test("a service with its own order fields is conformant on every exchange rule through the team's adapter module", async () => {
  const placeholder = writeTargets({});
  const path = relative(dirname(placeholder), teamModule);
  const targets = writeTargets({
    team: {
      kind: 'url',
      families: {
        exchange: {
          baseUrl: service.origin,
          credentials: { apiKey: '${TEAM_EXCHANGE_KEY}', secretKey: '${TEAM_EXCHANGE_SECRET}' },
          adapter: path.startsWith('.') ? path : `./${path}`,
          expectations: { codeRanges: true },
        },
      },
    },
  });
  const result = await runCli(
    ['run', '--targets', targets, '--target', 'team', '--suite', 'exchange', '--seed', '5', '--runs', '10'].concat([
      '--workers',
      '1',
    ]),
    {
      TEAM_EXCHANGE_KEY: env.REFERENCE_EXCHANGE_API_KEY as string,
      TEAM_EXCHANGE_SECRET: env.REFERENCE_EXCHANGE_SECRET_KEY as string,
    },
  );
  expectEveryRulePassed(result, 'exchange', { notApplicable: true });
  expect(result.code, result.stdout.slice(-3000)).toBe(0);
});

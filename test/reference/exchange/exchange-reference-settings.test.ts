import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceOrderAdapter } from '../../../rules/exchange/adapters/reference-adapter.ts';
import { readEnvelope } from '../../../suites/exchange/client/envelope.ts';
import { ExchangeClient } from '../../../suites/exchange/client/exchange-client.ts';
import { signedPath } from '../../../suites/exchange/client/signing.ts';
import { Redactor } from '../../../core/redaction.ts';
import { exchangeFamily } from '../../../families/exchange.ts';
import { type RunningReference, startReferenceServer } from '../../../reference/server.ts';

const env: NodeJS.ProcessEnv = {
  REFERENCE_EXCHANGE_API_KEY: 'settings-key',
  REFERENCE_EXCHANGE_SECRET_KEY: 'settings-secret',
};
const gatewayHeaders = {
  key: 'GW-ACCESS-KEY',
  sign: 'GW-ACCESS-SIGN',
  timestamp: 'GW-ACCESS-TIMESTAMP',
  passphrase: 'GW-ACCESS-PASSPHRASE',
};
let reference: RunningReference;
const clients: ExchangeClient[] = [];

beforeAll(async () => {
  reference = await startReferenceServer({
    serve: [exchangeFamily],
    families: { exchange: { options: { headerPrefix: 'GW-ACCESS-' } } },
    env,
  });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await reference.close();
});

const client = (pathFrom: 'api-root' | 'as-sent') => {
  const made = new ExchangeClient({
    baseUrl: reference.baseUrls.exchange as string,
    apiKey: 'settings-key',
    secretKey: 'settings-secret',
    headers: gatewayHeaders,
    pathFrom,
    timeoutMs: 5000,
    redactor: new Redactor(),
  });
  clients.push(made);
  return made;
};
const oneOrder = [{ instrument: 'BTC-USDT', side: 'buy', size: '0.01', price: '10', clOrdId: 'set1' }];

describe('exchange settings against the reference', () => {
  test('the reference takes a configured header prefix and verifies over the path from its mount (the API root)', async () => {
    expect(readEnvelope(await client('api-root').batch(oneOrder))?.code).toBe('0');
  });

  test('signing the path as sent (its mount prefix included) is refused there with 50113', async () => {
    expect(readEnvelope(await client('as-sent').batch(oneOrder))?.code).toBe('50113');
  });

  test("signedPath leaves out only the base URL's own path, and keeps the query", () => {
    expect(signedPath('/gw/exchange/api/v5/trade/batch-orders?a=1', 'https://h.example/gw/exchange/', 'api-root')).toBe(
      '/api/v5/trade/batch-orders?a=1',
    );
    expect(signedPath('/gw/exchange/api/v5/trade/batch-orders', 'https://h.example/gw/exchange', 'as-sent')).toBe(
      '/gw/exchange/api/v5/trade/batch-orders',
    );
    expect(signedPath('/api/v5/trade/batch-orders', 'https://h.example', 'api-root')).toBe(
      '/api/v5/trade/batch-orders',
    );
  });

  test('orderTemplate fields reach every order; the generated fields win over them', () => {
    const body = referenceOrderAdapter.orderBody(
      { instrument: 'ETH-USDT', side: 'sell', size: '1', price: '2', clOrdId: 'c1' },
      { tdMode: 'cash', side: 'buy', ordType: 'market' },
    );
    expect(body).toMatchObject({ tdMode: 'cash', side: 'sell', instId: 'ETH-USDT', ordType: 'market', clOrdId: 'c1' });
  });
});

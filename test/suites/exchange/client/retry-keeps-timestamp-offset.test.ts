import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { ExchangeClient } from '../../../../suites/exchange/client/exchange-client.ts';
import { Redactor } from '../../../../core/redaction.ts';

// A server that limits the first request (429, Retry-After 1) and records when each timestamp header arrived.
const arrivals: { timestamp: string; at: number }[] = [];
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    arrivals.push({ timestamp: String(req.headers['ex-access-timestamp']), at: Date.now() });
    const limited = arrivals.length === 1;
    res.writeHead(limited ? 429 : 200, {
      'content-type': 'application/json',
      ...(limited ? { 'retry-after': '1' } : {}),
    });
    res.end(
      JSON.stringify(
        limited ? { code: '50011', msg: 'Too Many Requests', data: [] } : { code: '0', msg: '', data: [] },
      ),
    );
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a request signed 29 s in the past and sent again after a 429 is still 29 s old when it arrives again', async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new ExchangeClient({
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: 'retry-key',
    secretKey: 'retry-secret',
    timeoutMs: 5000,
    redactor: new Redactor(),
  });
  try {
    await client.batch([{ instrument: 'BTC-USDT', side: 'buy', size: '0.01', price: '10', clOrdId: 'retry1' }], {
      atMs: Date.now() - 29_000,
    });
  } finally {
    await client.close();
  }
  expect(arrivals).toHaveLength(2);
  for (const { timestamp, at } of arrivals) expect(at - Date.parse(timestamp)).toBeGreaterThanOrEqual(29_000);
  for (const { timestamp, at } of arrivals) expect(at - Date.parse(timestamp)).toBeLessThan(29_500);
});

import { RestClient } from 'okx-api';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { exchangeFamily } from '../../../families/exchange.ts';
import { type RunningReference, startReferenceServer } from '../../../reference/server.ts';

/*
 * An unmodified client of the real exchange (npm okx-api) against the bundled reference in its okx-dialect mode:
 * it signs `/api/v5/...` (the path from the API root) although the reference is mounted under /exchange.
 */
const env: NodeJS.ProcessEnv = {
  REFERENCE_EXCHANGE_API_KEY: 'okx-self-test-key',
  REFERENCE_EXCHANGE_SECRET_KEY: 'okx-self-test-secret',
  REFERENCE_EXCHANGE_PASSPHRASE: 'okx-self-test-pass',
};
let reference: RunningReference;

beforeAll(async () => {
  reference = await startReferenceServer({
    serve: [exchangeFamily],
    families: { exchange: { mode: 'okx-dialect' } },
    env,
  });
});
afterAll(() => reference.close());

const clientWith = (
  options: { apiSecret?: string; customSignMessageFn?: (message: string, secret: string) => Promise<string> } = {},
) =>
  new RestClient({
    apiKey: env.REFERENCE_EXCHANGE_API_KEY,
    apiSecret: env.REFERENCE_EXCHANGE_SECRET_KEY,
    apiPass: env.REFERENCE_EXCHANGE_PASSPHRASE,
    baseUrl: reference.baseUrls.exchange,
    ...options,
  });

const order = (clOrdId: string, overrides: Record<string, string> = {}) => ({
  instId: 'BTC-USDT',
  tdMode: 'cash',
  side: 'buy',
  ordType: 'limit',
  sz: '0.01',
  px: '10',
  clOrdId,
  ...overrides,
});

/** okx-api resolves `data` on code "0" and rejects with the whole envelope otherwise. */
async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: string; msg?: string; data?: { sCode: string; clOrdId: string }[] }> {
  try {
    await promise;
  } catch (envelope) {
    return envelope as never;
  }
  throw new Error('the call was expected to be refused');
}

describe('okx-api (the real exchange client) against the reference in okx-dialect mode', () => {
  test('a valid batch succeeds, every item with sCode 0 and an ordId', async () => {
    const items = await clientWith().submitMultipleOrders([order('okxa1'), order('okxa2', { side: 'sell' })] as never);
    expect(items.map((item) => [item.clOrdId, item.sCode, item.ordId !== ''])).toEqual([
      ['okxa1', '0', true],
      ['okxa2', '0', true],
    ]);
  });

  test('a partly failing batch answers code 2 with the item sCodes authoritative', async () => {
    const envelope = await rejection(
      clientWith().submitMultipleOrders([
        order('okxb1'),
        order('okxb2', { side: 'hold' }),
        order('okxb3', { sz: '1000000000', px: '1000000' }),
      ] as never),
    );
    expect(envelope.code).toBe('2');
    expect(envelope.data?.map((item) => [item.clOrdId, item.sCode])).toEqual([
      ['okxb1', '0'],
      ['okxb2', '51000'],
      ['okxb3', '51008'],
    ]);
  });

  test('an order without its trade mode fails as a parameter error', async () => {
    const { tdMode: _left, ...withoutMode } = order('okxc1');
    const envelope = await rejection(clientWith().submitMultipleOrders([withoutMode] as never));
    expect([envelope.code, envelope.data?.[0]?.sCode]).toEqual(['1', '51000']);
  });

  test('a badly signed request is refused with 50113', async () => {
    expect(
      (await rejection(clientWith({ apiSecret: 'another-secret' }).submitMultipleOrders([order('okxd1')] as never)))
        .code,
    ).toBe('50113');
    const truncated = clientWith({ customSignMessageFn: async () => 'c2lnbmF0dXJl' });
    expect((await rejection(truncated.submitMultipleOrders([order('okxd2')] as never))).code).toBe('50113');
  });

  test('a stale request (its clock 31 s behind) is refused with 50102', async () => {
    // The client reads its clock synchronously when the call starts; the reference, in this process too, must not.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 31_000 });
    let call: Promise<unknown>;
    try {
      call = clientWith().submitMultipleOrders([order('okxe1')] as never);
    } finally {
      vi.useRealTimers();
    }
    expect((await rejection(call)).code).toBe('50102');
  });
});

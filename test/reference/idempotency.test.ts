import { describe, expect, it } from 'vitest';
import { flatCharge, useStartedTarget, validProduct } from './support.ts';

describe('Idempotency-Key replay', () => {
  const started = useStartedTarget();

  const create = (key: string, body: unknown = flatCharge) =>
    started.target.call('POST', '/commerce/charges', { headers: { ...started.headers, 'idempotency-key': key }, body });

  it('a sequential retry returns the first response and creates nothing new', async () => {
    const first = await create('seq-1');
    const retry = await create('seq-1');
    expect(retry.status).toBe(first.status);
    expect(retry.json).toEqual(first.json);
    const other = await create('seq-2');
    expect(other.json.charge.id).not.toBe(first.json.charge.id);
  });

  it('concurrent retries create exactly once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => create('concurrent-1')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.json.charge.id)).size).toBe(1);
  });

  it('does not store a failed request: the retry after a 400 is processed afresh', async () => {
    expect((await create('after-400', { name: '' })).status).toBe(400);
    expect((await create('after-400')).status).toBe(200);
  });

  it('replays product creation too', async () => {
    const post = () =>
      started.target.call('POST', '/commerce/products', {
        headers: { ...started.headers, 'idempotency-key': 'prod-1' },
        body: validProduct,
      });
    const [first, second] = [await post(), await post()];
    expect(first.status).toBe(200);
    expect(second.json.product.id).toBe(first.json.product.id);
  });

  it('without a key every request creates', async () => {
    const a = await started.target.call('POST', '/commerce/charges', { headers: started.headers, body: flatCharge });
    const b = await started.target.call('POST', '/commerce/charges', { headers: started.headers, body: flatCharge });
    expect(a.json.charge.id).not.toBe(b.json.charge.id);
  });
});

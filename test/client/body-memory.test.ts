import { describe, expect, it } from 'vitest';
import { BodyAllowance, LargeBodyGate } from '../../client/body-memory.ts';

const settledSoon = async (promise: Promise<unknown> | undefined) => {
  if (!promise) return 'no wait';
  return Promise.race([
    promise.then(() => 'granted'),
    new Promise((resolve) => setTimeout(() => resolve('waiting'), 20)),
  ]);
};

describe('LargeBodyGate and BodyAllowance', () => {
  it('a body within the free allowance never waits', async () => {
    const allowance = new BodyAllowance(new LargeBodyGate(100, 1));
    expect(await settledSoon(allowance.add(60))).toBe('no wait');
    expect(await settledSoon(allowance.add(40))).toBe('no wait');
  });

  it('past the allowance, only maxHolders exchanges hold more at once; the next goes on when one ends', async () => {
    const gate = new LargeBodyGate(100, 1);
    const first = new BodyAllowance(gate);
    const second = new BodyAllowance(gate);
    expect(await settledSoon(first.add(150))).toBe('granted');
    expect(await settledSoon(first.add(1000))).toBe('no wait');
    const waiting = second.add(150);
    expect(await settledSoon(waiting)).toBe('waiting');
    first.end();
    expect(await settledSoon(waiting)).toBe('granted');
  });

  it('an exchange that ends while still waiting passes the gate on as soon as it gets it', async () => {
    const gate = new LargeBodyGate(0, 1);
    const holder = new BodyAllowance(gate);
    const quitter = new BodyAllowance(gate);
    const third = new BodyAllowance(gate);
    await holder.add(1);
    const quitterWait = quitter.add(1);
    const thirdWait = third.add(1);
    quitter.end();
    holder.end();
    await quitterWait;
    expect(await settledSoon(thirdWait)).toBe('granted');
  });
});

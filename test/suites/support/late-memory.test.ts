import { afterEach, describe, expect, test } from 'vitest';
import { runMethods } from '../../../client/run-breakers.ts';
import { brokerCall } from '../../../client/session-broker.ts';
import { latenessText, recallLateUses } from '../../../suites/support/late-memory.ts';
import { type RunBroker, startRunBroker } from './run-broker.ts';

/*
 * Memory judged late: a replay recalls the oldest first use of its kind kept earlier in the run (through the run's
 * broker), or makes its own; it waits until the first use is as old as the run asks (the entry's lateMemoryMs, at
 * least the rule's minimum) and never past the latest age the memory allows; it says how late it came.
 */

let run: RunBroker | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

/** The broker of the run the test started. */
const broker = () => (run as RunBroker).context.broker;
const keep = (value: unknown, sentAt: number) =>
  brokerCall(broker(), runMethods, 'memoryKeep', { kind: 'nonce', value, sentAt });
const addTraffic = (exchanges: number) => brokerCall(broker(), runMethods, 'memoryTraffic', { exchanges });
const noFirstUse = async () => {
  throw new Error('a first use was kept: none must be made');
};

describe('a late replay', () => {
  test('recalls the oldest first use kept, and counts the traffic since it and its own file', async () => {
    run = await startRunBroker(['loyalty']);
    await addTraffic(5);
    await keep('n-old', Date.now() - 2000);
    await keep('n-new', Date.now() - 1000);
    await addTraffic(7);
    const uses = await recallLateUses(run.context, 'nonce', { firstUse: noFirstUse, minimumMs: 0 }, () => 3);
    expect(uses.map((use) => use.value)).toEqual(['n-old']);
    // 7 exchanges of files that ended since it was kept (the 5 before do not count), 3 of this file.
    expect(uses[0]?.lateness()).toMatch(/^\d+\.\d s and at least 10 requests after first use$/);
  });

  test('leaves out a first use older than the memory lasts, and makes its own', async () => {
    run = await startRunBroker(['loyalty']);
    await keep('n-expired', Date.now() - 60_000);
    const uses = await recallLateUses(
      run.context,
      'nonce',
      { firstUse: async () => 'n-fresh', minimumMs: 0, latestMs: 30_000 },
      () => 0,
    );
    expect(uses.map((use) => use.value)).toEqual(['n-fresh']);
  });

  test('with nothing kept and no first use possible (the target cannot be asked), replays nothing', async () => {
    run = await startRunBroker(['loyalty']);
    expect(await recallLateUses(run.context, 'nonce', { firstUse: async () => undefined }, () => 0)).toEqual([]);
  });

  test("waits until the first use is as old as the entry's lateMemoryMs asks, above the rule's minimum", async () => {
    run = await startRunBroker(['loyalty']);
    const sentAt = Date.now();
    await keep('n1', sentAt);
    const [use] = await recallLateUses(
      { ...run.context, lateMemoryMs: 300 },
      'nonce',
      { firstUse: noFirstUse, minimumMs: 100 },
      () => 0,
    );
    // Timers may fire a millisecond early.
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(299);
    expect(use?.sentAt).toBe(sentAt);
  });

  test('never waits past the latest age the memory allows (a nonce inside its MAC window), whatever the entry asks', async () => {
    run = await startRunBroker(['loyalty']);
    const sentAt = Date.now();
    await keep('n1', sentAt);
    // Ten minutes asked; a wait that long would outlast the test's timeout.
    const uses = await recallLateUses(
      { ...run.context, lateMemoryMs: 600_000 },
      'nonce',
      { firstUse: noFirstUse, minimumMs: 0, latestMs: 400 },
      () => 0,
    );
    expect(uses.map((use) => use.value)).toEqual(['n1']);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(399);
  });

  test('says how late it came in seconds and requests', () => {
    expect(latenessText(14_230, 1203)).toBe('14.2 s and at least 1,203 requests after first use');
  });
});

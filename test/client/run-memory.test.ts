import { expect, test } from 'vitest';
import { type RecalledFirstUses, runMemory } from '../../client/run-memory.ts';

test('a run keeps its first uses with the traffic seen so far; a new run (a restarted target) starts with none', async () => {
  const run = runMemory();
  await run.memoryTraffic!({ exchanges: 10 });
  await run.memoryKeep!({ kind: 'loyalty.nonce', value: { nonce: 'n-1' }, sentAt: 1000 });
  await run.memoryTraffic!({ exchanges: 250 });
  const recalled = (await run.memoryRecall!({ kind: 'loyalty.nonce' })) as RecalledFirstUses;
  expect(recalled).toEqual({ firstUses: [{ value: { nonce: 'n-1' }, sentAt: 1000, trafficAtKeep: 10 }], traffic: 260 });
  // Only memories of the same run are asked: the next run's store is empty.
  expect(await runMemory().memoryRecall!({ kind: 'loyalty.nonce' })).toEqual({ firstUses: [], traffic: 0 });
});

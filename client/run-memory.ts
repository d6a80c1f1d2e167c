/**
 * What a target must remember, asked late: a suite file keeps a first use here (a nonce, an order id, a vanity
 * path) when it starts, and a file run at the end of the run replays it. The main process holds the memories
 * of one run only (a new run, a new store), so a target restarted between runs is never asked about an earlier
 * one. Suite files also add their request counts as they end, so a replay can say how much traffic lay between.
 */
import type { BrokeredMethods } from './session-broker.ts';

/** A first use kept for a late replay. */
export interface KeptFirstUse<T = unknown> {
  value: T;
  /** Epoch ms the first use was sent. */
  sentAt: number;
  /** The run's request count (of the files ended so far) when it was kept. */
  trafficAtKeep: number;
}

/** What a late replay gets back: the first uses of one kind, and the run's request count now. */
export interface RecalledFirstUses<T = unknown> {
  firstUses: KeptFirstUse<T>[];
  traffic: number;
}

/** The broker methods of a run's memory store, served with the run's own methods. */
export function runMemory(): BrokeredMethods {
  const kept = new Map<string, KeptFirstUse[]>();
  let traffic = 0;
  return {
    memoryKeep: async ({ kind, value, sentAt }: { kind: string; value: unknown; sentAt: number }) => {
      kept.set(kind, [...(kept.get(kind) ?? []), { value, sentAt, trafficAtKeep: traffic }]);
    },
    memoryRecall: async ({ kind }: { kind: string }): Promise<RecalledFirstUses> => ({
      firstUses: kept.get(kind) ?? [],
      traffic,
    }),
    memoryTraffic: async ({ exchanges }: { exchanges: number }) => {
      traffic += exchanges;
    },
  };
}

import { expect } from 'vitest';
import { brokerCall } from '../../client/session-broker.ts';
import { runContext } from '../../engine/run-context.ts';
import { type AloneAnswer, turnMethods } from './turn-protocol.ts';

/**
 * Waits until every other suite file of the run has ended (but those that wait for this one) and returns when the last
 * of them ended (epoch ms, 0 for none); undefined outside a scheduled run.
 */
async function awaitRunAlone(): Promise<number | undefined> {
  const turns = runContext().turns;
  const file = expect.getState().testPath;
  if (!turns || !file) return undefined;
  for (;;) {
    const answer = await brokerCall<AloneAnswer>(turns, turnMethods, 'awaitAlone', { file });
    if (answer.ready) return answer.othersEndedAt ?? 0;
  }
}

/**
 * A rate-limit probe that runs beside other families' files (run/suite-schedule.ts) shares the machine and the
 * target's process with their traffic: on a busy machine its bursts may be answered too slowly to read the limit's
 * window. A finding that is `inconclusive` there (no 429 met) is not the target's verdict: the probe is run once
 * more after every other file of the run has ended, alone, and that finding is judged (the observation says so).
 */
export async function probeAgainAloneIf<F>(
  probe: () => Promise<F>,
  inconclusive: (finding: F) => boolean,
  observe: (name: string, value: unknown) => void,
): Promise<F> {
  const startedAt = Date.now();
  const first = await probe();
  if (!inconclusive(first)) return first;
  const othersEndedAt = await awaitRunAlone();
  // Nothing else ran during the probe: its finding stands.
  if (othersEndedAt === undefined || othersEndedAt <= startedAt) return first;
  observe(
    'probed again alone',
    "the first probe, beside other families' files, met no 429; this finding is the second's, after every other file",
  );
  return probe();
}

import { afterEach, describe, expect, test } from 'vitest';
import { SuiteTurns } from '../../run/suite-turns.ts';
import { brokerCall } from '../../client/session-broker.ts';
import { type AloneAnswer, type TurnAnswer, turnMethods } from '../../suites/support/turn-protocol.ts';

/*
 * The main process's side of a run's schedule, asked over its broker as suite files ask it: a file's turn comes
 * when the files it comes after have ended; a probe waiting alone is answered when the rest of the run has ended.
 */

let turns: SuiteTurns | undefined;
afterEach(async () => {
  await turns?.close();
  turns = undefined;
});

const ask = (method: string, file: string) =>
  brokerCall<TurnAnswer & AloneAnswer>((turns as SuiteTurns).address, turnMethods, method, { file });

/** Whether a promise has settled after the broker had time to answer what it could. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let round = 0; round < 20 && !done; round++) await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
}

describe('SuiteTurns', () => {
  test('a file waits until every file it comes after has ended; a file that waits for nothing starts at once', async () => {
    turns = await SuiteTurns.start();
    turns.plan(['a', 'b', 'probe'], new Map([['probe', ['a', 'b']]]));
    expect(await ask('awaitTurn', 'a')).toEqual({ ready: true });
    const probe = ask('awaitTurn', 'probe');
    turns.fileEnded('a');
    expect(await settled(probe)).toBe(false);
    turns.fileEnded('b');
    expect(await probe).toEqual({ ready: true });
  });

  test('waiting alone: answered when every other file has ended, but those that wait for the asker', async () => {
    turns = await SuiteTurns.start();
    // memory comes after probe: it must not be waited for, or neither would ever start.
    turns.plan(['a', 'probe', 'c', 'memory'], new Map([['memory', ['probe']]]));
    turns.fileEnded('a');
    const alone = ask('awaitAlone', 'probe');
    expect(await settled(alone)).toBe(false);
    turns.fileEnded('c');
    const answer = await alone;
    expect(answer.ready).toBe(true);
    expect(answer.othersEndedAt).toBeGreaterThan(0);
  });

  test('two probes waiting alone do not wait for each other', async () => {
    turns = await SuiteTurns.start();
    turns.plan(['a', 'p1', 'p2'], new Map());
    const first = ask('awaitAlone', 'p1');
    const second = ask('awaitAlone', 'p2');
    turns.fileEnded('a');
    expect((await first).ready).toBe(true);
    expect((await second).ready).toBe(true);
  });

  test('a stopping run releases every wait', async () => {
    turns = await SuiteTurns.start();
    turns.plan(['a', 'probe'], new Map([['probe', ['a']]]));
    const probe = ask('awaitTurn', 'probe');
    turns.release();
    expect(await probe).toEqual({ ready: true });
  });
});

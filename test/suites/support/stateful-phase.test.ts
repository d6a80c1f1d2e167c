import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Violation } from '../../../engine/rule-violation.ts';
import { runStatefulPhase, type SequenceReal, SequenceLog } from '../../../suites/support/stateful-phase.ts';
import { exchange } from '../../checks/exchanges.ts';

/*
 * The stateful phase on a made-up target: a store that forgets what it holds after a refusal (a fault only an order of
 * calls shows). A sequence that breaks the model is shrunk to the shortest that fails, its steps in the message and
 * as evidence; a kept failure's seed and path find it again; a store without the fault passes every sequence.
 */

interface StoreModel {
  taken: Set<string>;
}
interface StoreReal extends SequenceReal {
  store: Set<string>;
  forgetsOnRefusal: boolean;
}

class TakeCommand implements fc.AsyncCommand<StoreModel, StoreReal> {
  constructor(readonly key: string) {}
  check(): boolean {
    return true;
  }
  async run(model: StoreModel, real: StoreReal): Promise<void> {
    const refused = real.store.has(this.key);
    real.log.record(exchange({ status: refused ? 400 : 200 }), `take ${this.key}`);
    if (model.taken.has(this.key) && !refused) throw new Violation(`${this.key} was taken before and taken again`, []);
    real.store.add(this.key);
    model.taken.add(this.key);
  }
  toString(): string {
    return `take(${this.key})`;
  }
}

class RefusedCommand implements fc.AsyncCommand<StoreModel, StoreReal> {
  check(): boolean {
    return true;
  }
  async run(_model: StoreModel, real: StoreReal): Promise<void> {
    real.log.record(exchange({ status: 400 }), 'a refused request');
    if (real.forgetsOnRefusal) real.store.clear();
  }
  toString(): string {
    return 'refused';
  }
}

const commands = fc.commands(
  [fc.constantFrom('a', 'b', 'c').map((key) => new TakeCommand(key)), fc.constant(new RefusedCommand())],
  { maxCommands: 8 },
);
const phaseOn = (forgetsOnRefusal: boolean) => ({
  commands,
  setup: () => ({
    model: { taken: new Set<string>() },
    real: { store: new Set<string>(), forgetsOnRefusal, log: new SequenceLog() },
  }),
});

describe('runStatefulPhase', () => {
  test('a target without the fault passes every sequence, and the phase says how many it ran', async () => {
    const ran = await runStatefulPhase({ ...phaseOn(false), seed: 4, sequences: 40 });
    expect(ran.sequences).toBe(40);
    expect(ran.requests).toBeGreaterThan(40);
  });

  test('a fault shows shrunk to its three steps: take, the refusal, take again, each as evidence', async () => {
    const failure = await runStatefulPhase({ ...phaseOn(true), seed: 4, sequences: 40 }).catch((error) => error);
    expect(failure).toBeInstanceOf(Violation);
    const violation = failure as Violation;
    expect(violation.message).toMatch(/The shortest sequence that fails \(3 request\(s\), seed 4, path [\d:]+\)/);
    expect(violation.message).toMatch(/1\. take (\w): 200\n2\. a refused request: 400\n3\. take \1: 200/);
    expect(violation.evidence).toHaveLength(3);
    // A kept failure (its seed and path) is found again, shrunk alike.
    const path = violation.replay?.path as string;
    const again = await runStatefulPhase({ ...phaseOn(true), seed: 4, sequences: 1, path }).catch((error) => error);
    expect((again as Violation).message).toContain('The shortest sequence that fails (3 request(s), seed 4');
  });
});

import { describe, expect, test } from 'vitest';
import { behaviourOf, mutantInfos, type BehaviourMutant } from '../../reference/mutant-behaviour.ts';
import { exchangeBehaviourFor, exchangeMutants } from '../../reference/exchange/mutants/index.ts';
import { referenceBehaviour as exchangeReference } from '../../reference/exchange/behaviour.ts';

interface Points {
  status: number;
  body: () => string;
}
const reference: Points = { status: 200, body: () => 'ok' };
const definitions: BehaviourMutant<Points>[] = [
  {
    name: 'wrong-status',
    family: 'toy',
    breaks: 'billing.bodies.json',
    mode: 'default',
    description: 'd',
    change: { status: 500 },
  },
];

describe('one mutant lookup for every family of the reference', () => {
  test('no mutant: the reference behaviour itself', () => {
    expect(behaviourOf(reference, definitions, undefined)).toBe(reference);
  });

  test("a mutant: the reference's points with the mutant's replaced", () => {
    const mutated = behaviourOf(reference, definitions, 'wrong-status');
    expect(mutated.status).toBe(500);
    expect(mutated.body()).toBe('ok');
  });

  test('an unknown name is an error listing the valid ones', () => {
    expect(() => behaviourOf(reference, definitions, 'no-such')).toThrow(
      'Unknown mutant "no-such". Valid names: wrong-status',
    );
  });

  test('the catalogue lists what a mutant is, not its change', () => {
    expect(mutantInfos(definitions)).toEqual([
      { name: 'wrong-status', family: 'toy', breaks: 'billing.bodies.json', mode: 'default', description: 'd' },
    ]);
  });

  test('the exchange reference finds its mutants the same way', () => {
    expect(exchangeBehaviourFor(undefined)).toBe(exchangeReference);
    expect(exchangeBehaviourFor('exchange-rate-limit-code-50000').rateLimitedCode).toBe('50000');
    expect(exchangeMutants.map((mutant) => mutant.name)).toContain('exchange-timestamp-window-28s');
    expect(() => exchangeBehaviourFor('exchange-no-such')).toThrow(/Unknown mutant "exchange-no-such"/);
  });
});

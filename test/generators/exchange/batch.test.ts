import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exchangeCodes } from '../../../rules/exchange/codes.ts';
import { type BatchPlan, mixedBatches, ordersOf, validBatches } from '../../../generators/exchange/batch.ts';

const sample = (plans: fc.Arbitrary<BatchPlan>, seed: number) => fc.sample(plans, { seed, numRuns: 50 });
const allPlans = (gen: { boundaries: readonly BatchPlan[]; arbitrary: fc.Arbitrary<BatchPlan> }, seed = 7) => [
  ...gen.boundaries,
  ...sample(gen.arbitrary, seed),
];

describe('mixedBatches', () => {
  test('the same seed gives the same plans', () => {
    expect(sample(mixedBatches(6).arbitrary, 3)).toEqual(sample(mixedBatches(6).arbitrary, 3));
  });

  test('every plan holds 1 to maxSize orders; boundaries mix successes and both failure codes', () => {
    const gen = mixedBatches(6);
    for (const plan of allPlans(gen)) {
      expect(plan.kinds.length).toBeGreaterThanOrEqual(1);
      expect(plan.kinds.length).toBeLessThanOrEqual(6);
    }
    const codes = new Set(
      gen.boundaries.flatMap((plan) => ordersOf(plan, 'BTC-USDT', 'c').map((order) => order.expect)),
    );
    expect([...codes].sort()).toEqual(
      [exchangeCodes.success, exchangeCodes.parameterError, exchangeCodes.insufficientBalance].sort(),
    );
  });

  test('a failure can sit at any position, the third included', () => {
    const positions = new Set(
      allPlans(mixedBatches(6)).flatMap((plan) =>
        plan.kinds.flatMap((kind, index) => (kind === 'valid' ? [] : [index])),
      ),
    );
    for (const position of [0, 1, 2, 3]) expect(positions.has(position)).toBe(true);
  });
});

describe('validBatches', () => {
  test('every order must succeed', () => {
    for (const plan of allPlans(validBatches(6))) expect(plan.kinds.every((kind) => kind === 'valid')).toBe(true);
  });
});

describe('ordersOf', () => {
  test('clOrdIds are unique, and each kind maps to its expected outcome', () => {
    const plan: BatchPlan = {
      kinds: ['valid', 'bad-side', 'bad-size', 'bad-price', 'bad-instrument', 'unaffordable'],
      seeds: [1, 2, 3, 4, 5, 6],
    };
    const orders = ordersOf(plan, 'BTC-USDT', 'p');
    expect(new Set(orders.map((order) => order.order.clOrdId)).size).toBe(orders.length);
    expect(orders.map((order) => order.expect)).toEqual(['0', '51000', '51000', '51000', '51000', '51008']);
    expect(orders[1]?.order.side).not.toMatch(/^(buy|sell)$/);
    expect(orders[4]?.order.instrument).toBe('');
  });

  test('valid orders stay small: notional at most 1000', () => {
    for (const plan of allPlans(validBatches(8), 11)) {
      for (const { order } of ordersOf(plan, 'BTC-USDT', 'v'))
        expect(Number(order.size) * Number(order.price)).toBeLessThanOrEqual(1000);
    }
  });
});

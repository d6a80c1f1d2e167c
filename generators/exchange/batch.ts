import fc from 'fast-check';
import type { ExpectedOrder } from '../../rules/exchange/adapters/orders.ts';
import { exchangeCodes } from '../../rules/exchange/codes.ts';
import type { Gen } from '../gen.ts';

/** What kind of order a slot of a batch holds, and so which item outcome it must get. */
export type OrderKind = 'valid' | 'bad-side' | 'bad-size' | 'bad-price' | 'bad-instrument' | 'unaffordable';

export interface BatchPlan {
  /** One kind per position in the batch. */
  kinds: OrderKind[];
  /** Digits that make the order values differ between cases. */
  seeds: number[];
}

const expected: Record<OrderKind, string> = {
  valid: exchangeCodes.success,
  'bad-side': exchangeCodes.parameterError,
  'bad-size': exchangeCodes.parameterError,
  'bad-price': exchangeCodes.parameterError,
  'bad-instrument': exchangeCodes.parameterError,
  unaffordable: exchangeCodes.insufficientBalance,
};

/**
 * The orders of a plan, with the outcome each must get; clOrdIds are unique (prefix + position). Valid
 * orders stay tiny (notional at most 1000); unaffordable ones ask for a notional no account holds.
 */
export function ordersOf(plan: BatchPlan, instrument: string, prefix: string): ExpectedOrder[] {
  return plan.kinds.map((kind, index) => {
    const seed = plan.seeds[index] ?? index;
    const order = {
      instrument,
      side: seed % 2 ? 'sell' : 'buy',
      // not-a-limit: a digit to pad with, not the success code.
      size: `0.${String(1 + (seed % 999)).padStart(3, '0')}`,
      price: String(1 + (seed % 1000)),
      clOrdId: `${prefix}${index}`,
    };
    if (kind === 'bad-side') order.side = 'hold';
    if (kind === 'bad-size') order.size = seed % 2 ? '-1' : 'abc';
    // not-a-limit: a price of zero, not the success code.
    if (kind === 'bad-price') order.price = seed % 2 ? '0' : '';
    if (kind === 'bad-instrument') order.instrument = '';
    if (kind === 'unaffordable') {
      order.size = '1000000000';
      order.price = '1000000';
    }
    return { order, expect: expected[kind], why: kind };
  });
}

const kinds: OrderKind[] = ['valid', 'bad-side', 'bad-size', 'bad-price', 'bad-instrument', 'unaffordable'];

/** Batches of 1 to maxSize orders mixing orders that must succeed and orders that must fail, in any position. */
export function mixedBatches(maxSize: number): Gen<BatchPlan> {
  const plan = (list: OrderKind[]): BatchPlan => ({ kinds: list, seeds: list.map((_, index) => index * 37 + 11) });
  const size = Math.max(1, maxSize);
  const boundaries: BatchPlan[] = [
    plan(['valid']),
    plan(['unaffordable']),
    plan(['bad-side']),
    plan(['valid', 'valid', 'valid']),
    plan(['valid', 'bad-size', 'valid', 'unaffordable']),
    plan(['unaffordable', 'bad-price', 'valid', 'valid', 'bad-instrument']),
    plan(Array.from({ length: size }, () => 'valid' as const)),
    plan(
      Array.from({ length: size }, (_, index) =>
        index % 3 === 2 ? 'unaffordable' : index % 3 === 1 ? 'bad-side' : 'valid',
      ),
    ),
  ].filter((candidate) => candidate.kinds.length <= size);
  const arbitrary = fc
    .array(fc.record({ kind: fc.constantFrom(...kinds), seed: fc.nat({ max: 100_000 }) }), {
      minLength: 1,
      maxLength: size,
    })
    .map((slots) => ({ kinds: slots.map((slot) => slot.kind), seeds: slots.map((slot) => slot.seed) }));
  return { boundaries, arbitrary };
}

/** Batches whose every order must succeed (sizes 1 to maxSize). */
export function validBatches(maxSize: number): Gen<BatchPlan> {
  const all = mixedBatches(maxSize);
  const onlyValid = (plan: BatchPlan): BatchPlan => ({ ...plan, kinds: plan.kinds.map(() => 'valid' as const) });
  return { boundaries: all.boundaries.map(onlyValid), arbitrary: all.arbitrary.map(onlyValid) };
}

/** Bodies the target must refuse as a whole (no order can be read from them). */
export const refusedBodies: readonly { body: string; why: string }[] = [
  { body: '[]', why: 'an empty batch' },
  { body: '{"instId":"BTC-USDT"}', why: 'an object, not an array of orders' },
  { body: '[{"instId":', why: 'a body that is not JSON' },
];

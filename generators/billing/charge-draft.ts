import fc from 'fast-check';
import type { ChargeDraft, RateCardRow } from '../../rules/billing/adapters/model.ts';
import { identifierChar } from './alphabets.ts';
import { pricing } from './pricing.ts';

/** Few names and values, so that generated attributes often match rows. */
export const attributeValues: Readonly<Record<string, readonly string[]>> = {
  region: ['eu', 'us', 'apac'],
  tier: ['gold', 'silver'],
  channel: ['web', 'store'],
};
export const attributeNames = Object.keys(attributeValues);

const conditions: fc.Arbitrary<Record<string, string>> = fc
  .subarray(attributeNames, { minLength: 1 })
  .chain((names) =>
    fc
      .tuple(...names.map((name) => fc.constantFrom(...(attributeValues[name] ?? []))))
      .map((values) => Object.fromEntries(names.map((name, i) => [name, values[i] as string]))),
  );

export const rateCardRow: fc.Arbitrary<RateCardRow> = fc.record({ conditions, pricing });

export const chargeName: fc.Arbitrary<string> = fc
  .string({ unit: identifierChar, minLength: 1, maxLength: 24 })
  .map((suffix) => `harness-${suffix}`);

/** A charge with optional default pricing and up to five rate-card rows. */
export const chargeDraft: fc.Arbitrary<ChargeDraft> = fc.record(
  {
    name: chargeName,
    defaultPricing: pricing,
    rateCards: fc.array(rateCardRow, { maxLength: 5 }),
  },
  { requiredKeys: ['name', 'rateCards'] },
);

/** Attribute values for any subset of the names, each drawn from its listed values plus `extraValues`. */
export function attributeRecord(extraValues: readonly string[] = []): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    Object.fromEntries(
      attributeNames.map((name) => [name, fc.constantFrom(...extraValues, ...(attributeValues[name] ?? []))]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
}

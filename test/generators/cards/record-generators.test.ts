import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cardRecord } from '../../../generators/cards/card-record.ts';
import { cardUserRecord, invalidCardUserRecord } from '../../../generators/cards/card-user-record.ts';
import { cardBreakers, invalidCardRecord } from '../../../generators/cards/invalid-card-record.ts';
import { cardSchema, cardUserSchema, rulesBrokenBy } from '../../../rules/cards/schemas.ts';

const seed = 20261123;

describe('Card record validators', () => {
  test('every generated Card parses', () => {
    fc.assert(
      fc.property(cardRecord, (card) => {
        expect(rulesBrokenBy(cardSchema, card)).toEqual([]);
      }),
      { seed, numRuns: 300 },
    );
  });
  test('each invalid variant breaks exactly the rule it names', () => {
    fc.assert(
      fc.property(invalidCardRecord, (invalid) => {
        expect(rulesBrokenBy(cardSchema, invalid.value), invalid.why).toEqual([invalid.breaks]);
      }),
      { seed, numRuns: 500 },
    );
  });
  test('every breaker is drawn, and the same seed gives the same cases', () => {
    const sample = fc.sample(invalidCardRecord, { seed, numRuns: 400 });
    expect(new Set(sample.map((invalid) => invalid.why))).toEqual(new Set(cardBreakers.map((breaker) => breaker.why)));
    expect(fc.sample(invalidCardRecord, { seed, numRuns: 400 })).toEqual(sample);
  });
});

describe('CardUser record validators', () => {
  test('every generated CardUser parses', () => {
    fc.assert(
      fc.property(cardUserRecord, (user) => {
        expect(rulesBrokenBy(cardUserSchema, user)).toEqual([]);
      }),
      { seed, numRuns: 300 },
    );
  });
  test('each invalid variant breaks exactly the rule it names', () => {
    fc.assert(
      fc.property(invalidCardUserRecord, (invalid) => {
        expect(rulesBrokenBy(cardUserSchema, invalid.value), invalid.why).toEqual([invalid.breaks]);
      }),
      { seed, numRuns: 500 },
    );
  });
});

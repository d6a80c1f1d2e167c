import { describe, expect, test } from 'vitest';
import type { ChargeDraft, ProductDraft } from '../../rules/billing/adapters/model.ts';
import { expectedResolution, rowMatches } from '../../generators/billing/expected-resolution.ts';
import { recaseHeaderName } from '../../generators/billing/forbidden-token-header.ts';
import { alterLastChar } from '../../generators/invalid-bearer.ts';
import { padTo } from '../../generators/billing/invalid-client-secret.ts';
import { replaceCharAt } from '../../generators/billing/invalid-token-entity-id.ts';
import { isJsonObjectText } from '../../core/json-object-text.ts';
import { attributesMatchingRow } from '../../generators/billing/matching-query.ts';
import { withEveryChargeModel } from '../../generators/billing/product-draft.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { withBodyField, withHeader, withoutBodyFields } from '../../generators/billing/token-request-parts.ts';

describe('padTo', () => {
  test('pads to exactly the length with the filler, repeating and cutting it', () => {
    expect(padTo('abc', 6, 'x')).toBe('abcxxx');
    expect(padTo('abc', 8, 'xy')).toBe('abcxyxyx');
    expect(padTo('abc', 8, 'xy')).toHaveLength(8);
    expect(padTo('', 3, 'long-filler')).toBe('lon');
  });
  test('a value already long enough is unchanged', () => {
    expect(padTo('abcdef', 3, 'x')).toBe('abcdef');
    expect(padTo('abc', 3, 'x')).toBe('abc');
  });
});

describe('replaceCharAt', () => {
  test('replaces one character and keeps the length', () => {
    expect(replaceCharAt('abcdef', 0, 'g')).toBe('gbcdef');
    expect(replaceCharAt('abcdef', 5, 'z')).toBe('abcdez');
    expect(replaceCharAt('abcdef', 2, '-')).toBe('ab-def');
  });
});

describe('recaseHeaderName', () => {
  test('the mask chooses the upper-case letters', () => {
    expect(recaseHeaderName('Authorization', 0)).toBe('authorization');
    expect(recaseHeaderName('authorization', 1)).toBe('Authorization');
    expect(recaseHeaderName('abc', 0b101)).toBe('AbC');
    expect(recaseHeaderName('abc', 0b111)).toBe('ABC');
  });
  test('the name stays the same case-insensitively', () => {
    for (const mask of [0, 1, 2, 12345, 0x7fffffff]) {
      expect(recaseHeaderName('apiSecretAccessKey', mask).toLowerCase()).toBe('apisecretaccesskey');
    }
  });
});

describe('alterLastChar', () => {
  test('changes only the last character, to a different one', () => {
    expect(alterLastChar('tokenX')).toBe('tokenA');
    expect(alterLastChar('tokenA')).toBe('tokenB');
    for (const token of ['abc', 'zzA', 'B', 'xyzB', 'f00a', 'f00b']) {
      const altered = alterLastChar(token);
      expect(altered).toHaveLength(token.length);
      expect(altered.slice(0, -1)).toBe(token.slice(0, -1));
      // Another token also for a target comparing (hex) tokens case-insensitively.
      expect(altered.toLowerCase()).not.toBe(token.toLowerCase());
    }
  });
});

describe('isJsonObjectText', () => {
  test.each(['{}', '{"a":1}', ' {"a":[1,2]} '])('%s is a JSON object', (text) => {
    expect(isJsonObjectText(text)).toBe(true);
  });
  test.each(['', '{', 'null', '[]', '[{}]', '"x"', '42', 'true', '{"a":1}}', 'not json'])('%j is not', (text) => {
    expect(isJsonObjectText(text)).toBe(false);
  });
});

describe('withEveryChargeModel', () => {
  const pricing = { currency: 'USD', amount: 2 };
  test('adds the missing models to the first plan only, once each', () => {
    const product: ProductDraft = {
      name: 'p',
      plans: [
        { name: 'one', charges: [{ name: 'u', model: 'usage', pricing }] },
        { name: 'two', charges: [{ name: 'r', model: 'recurring', pricing }] },
      ],
    };
    const before = structuredClone(product);
    const result = withEveryChargeModel(product);
    expect(product).toEqual(before);
    expect(result.plans[0]?.charges.map((c) => c.model)).toEqual(['usage', 'other']);
    expect(result.plans[1]).toEqual(product.plans[1]);
  });
  test('a product that covers every model, or has no plans, is returned as it is', () => {
    const complete: ProductDraft = {
      name: 'p',
      plans: [
        {
          name: 'one',
          charges: (['usage', 'recurring', 'other'] as const).map((model) => ({ name: model, model, pricing })),
        },
      ],
    };
    expect(withEveryChargeModel(complete)).toBe(complete);
    const empty: ProductDraft = { name: 'p', plans: [] };
    expect(withEveryChargeModel(empty)).toBe(empty);
  });
});

describe('rowMatches and expectedResolution', () => {
  const row = { conditions: { region: 'eu', tier: 'gold' }, pricing: { currency: 'EUR', amount: 1 } };
  test('a row matches only when every condition is met; extra attributes do not matter', () => {
    expect(rowMatches(row, { region: 'eu', tier: 'gold' })).toBe(true);
    expect(rowMatches(row, { region: 'eu', tier: 'gold', channel: 'web' })).toBe(true);
    expect(rowMatches(row, { region: 'eu' })).toBe(false);
    expect(rowMatches(row, { region: 'us', tier: 'gold' })).toBe(false);
    expect(rowMatches(row, {})).toBe(false);
  });

  const charge: ChargeDraft = {
    name: 'c',
    defaultPricing: { currency: 'USD', amount: 9 },
    rateCards: [
      row,
      { conditions: { region: 'eu' }, pricing: { currency: 'EUR', amount: 2 } },
      { conditions: { region: 'us' }, pricing: { currency: 'USD', amount: 3 } },
    ],
  };
  test('matching rows win and every matching row is acceptable', () => {
    expect(expectedResolution(charge, { region: 'eu', tier: 'gold' })).toEqual({
      rule: 'billing.charges.query.rate_card_match',
      acceptable: [row.pricing, { currency: 'EUR', amount: 2 }],
    });
    expect(expectedResolution(charge, { region: 'us' })).toEqual({
      rule: 'billing.charges.query.rate_card_match',
      acceptable: [{ currency: 'USD', amount: 3 }],
    });
  });
  test('no matching row falls back to the default pricing', () => {
    expect(expectedResolution(charge, { region: 'apac' })).toEqual({
      rule: 'billing.charges.query.default_fallback',
      acceptable: [{ currency: 'USD', amount: 9 }],
    });
  });
  test('no matching row and no default asserts nothing', () => {
    const { defaultPricing: _, ...withoutDefault } = charge;
    expect(expectedResolution(withoutDefault, { region: 'apac' })).toBeNull();
    expect(expectedResolution({ name: 'c', rateCards: [] }, {})).toBeNull();
  });
});

describe('attributesMatchingRow', () => {
  test('the row conditions win over extra attributes, which fill other names', () => {
    expect(attributesMatchingRow({ region: 'eu' }, { region: 'us', tier: 'gold' })).toEqual({
      region: 'eu',
      tier: 'gold',
    });
    const conditions = { region: 'eu', tier: 'silver' };
    expect(
      rowMatches(
        { conditions, pricing: { currency: 'USD', amount: 1 } },
        attributesMatchingRow(conditions, { tier: 'gold', channel: 'web' }),
      ),
    ).toBe(true);
  });
});

describe('token request part copies', () => {
  const parts = (): TokenRequestParts => ({
    body: { client_id: 'id', client_secret: 'secret', grant_type: 'client_credentials' },
    headers: { 'Svc-Track-Id': 't1' },
  });

  test('withBodyField replaces one field and leaves the input unchanged', () => {
    const input = parts();
    const result = withBodyField(input, 'client_id', 42);
    expect(result.body).toEqual({ client_id: 42, client_secret: 'secret', grant_type: 'client_credentials' });
    expect(input).toEqual(parts());
    expect(result.headers).toEqual(input.headers);
    expect(result.headers).not.toBe(input.headers);
  });

  test('withHeader sets one header and leaves the input unchanged', () => {
    const input = parts();
    const result = withHeader(input, 'Authorization', 'Bearer x');
    expect(result.headers).toEqual({ 'Svc-Track-Id': 't1', Authorization: 'Bearer x' });
    expect(input).toEqual(parts());
    expect(result.body).toEqual(input.body);
    expect(result.body).not.toBe(input.body);
  });

  test('withoutBodyFields drops exactly the named fields and leaves the input unchanged', () => {
    const input = parts();
    expect(withoutBodyFields(input, ['client_secret', 'grant_type']).body).toEqual({ client_id: 'id' });
    expect(withoutBodyFields(input, []).body).toEqual(input.body);
    expect(input).toEqual(parts());
  });
});

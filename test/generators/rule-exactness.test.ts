import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expectedResolution } from '../../generators/billing/expected-resolution.ts';
import { fallbackQuery, someConditionMet, unmetBy } from '../../generators/billing/fallback-query.ts';
import { forbiddenTokenHeader } from '../../generators/billing/forbidden-token-header.ts';
import { invalidBearer } from '../../generators/invalid-bearer.ts';
import { invalidClientId } from '../../generators/billing/invalid-client-id.ts';
import { invalidClientSecret } from '../../generators/billing/invalid-client-secret.ts';
import { invalidGrantType } from '../../generators/billing/invalid-grant-type.ts';
import { invalidTokenEntityId } from '../../generators/billing/invalid-token-entity-id.ts';
import { isJsonObjectText } from '../../core/json-object-text.ts';
import { malformedJsonBody } from '../../generators/billing/malformed-json-body.ts';
import { matchingQuery } from '../../generators/billing/matching-query.ts';
import { missingTokenField } from '../../generators/billing/missing-token-field.ts';
import { orgIdsOutsideAccess } from '../../generators/billing/org-ids-outside-access.ts';
import { productChargeModels, productDraft } from '../../generators/billing/product-draft.ts';
import { productWithoutPlans } from '../../generators/billing/product-without-plans.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { tokenRequestRulesBroken } from '../../rules/billing/token-request-rules.ts';
import type { Gen } from '../../generators/gen.ts';

const validToken: TokenRequestParts = {
  body: {
    client_id: '0f4e3d2c-1b0a-4987-8654-3210fedcba98',
    client_secret: 's'.repeat(30),
    grant_type: 'client_credentials',
  },
  headers: { 'Svc-Entity-Ids': '3f1c2a9e-5b7d-4e8a-9c0b-1d2e3f4a5b6c' },
};
const entityId = '3f1c2a9e-5b7d-4e8a-9c0b-1d2e3f4a5b6c';

const tokenRulesBroken = (parts: TokenRequestParts) => tokenRequestRulesBroken(parts.body, parts.headers);

/** Boundary cases and 200 seeded random ones. */
function casesOf<T>(gen: Gen<T>): T[] {
  return [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed: 5, numRuns: 200 })];
}

const allGenerators: [string, Gen<unknown>][] = [
  ['invalidClientId', invalidClientId(validToken)],
  ['invalidClientSecret', invalidClientSecret(validToken)],
  ['invalidGrantType', invalidGrantType(validToken)],
  ['missingTokenField', missingTokenField(validToken)],
  ['invalidTokenEntityId', invalidTokenEntityId(validToken, entityId)],
  ['forbiddenTokenHeader', forbiddenTokenHeader(validToken)],
  ['matchingQuery', matchingQuery],
  ['fallbackQuery', fallbackQuery],
  ['productDraft', productDraft],
  ['productWithoutPlans', productWithoutPlans],
  ['malformedJsonBody', malformedJsonBody],
  ['invalidBearer', invalidBearer('billing.catalog.auth.invalid', 'abcDEF123token')],
  ['orgIdsOutsideAccess', orgIdsOutsideAccess(['org-north', 'org-south'], ['org-vault'])],
];

describe('generators are reproducible', () => {
  test.each(allGenerators)('%s: the same seed gives the same values', (_, gen) => {
    expect(fc.sample(gen.arbitrary, { seed: 42, numRuns: 50 })).toEqual(
      fc.sample(gen.arbitrary, { seed: 42, numRuns: 50 }),
    );
  });
});

describe('every valid value parses', () => {
  test('the valid token request keeps every token rule', () => {
    expect(tokenRulesBroken(validToken)).toEqual([]);
  });
});

describe('every invalid value is rejected by exactly the rule it names', () => {
  const tokenGenerators: [string, Gen<{ value: TokenRequestParts; breaks: string }>, string][] = [
    ['invalidClientId', invalidClientId(validToken), 'billing.token.client_id.length'],
    ['invalidClientSecret', invalidClientSecret(validToken), 'billing.token.client_secret.length'],
    ['invalidGrantType', invalidGrantType(validToken), 'billing.token.grant_type.enum'],
    ['missingTokenField', missingTokenField(validToken), 'billing.token.fields.required'],
    ['invalidTokenEntityId', invalidTokenEntityId(validToken, entityId), 'billing.token.entity_ids.uuid'],
    ['forbiddenTokenHeader', forbiddenTokenHeader(validToken), 'billing.token.forbidden_headers'],
  ];
  test.each(tokenGenerators)('%s', (_, gen, rule) => {
    for (const invalid of casesOf(gen)) {
      expect(invalid.breaks).toBe(rule);
      expect(tokenRulesBroken(invalid.value), JSON.stringify(invalid.value)).toEqual([invalid.breaks]);
    }
  });
});

describe('generators keep their promises', () => {
  test('matching queries match a rate-card row; fallback queries match none and have a default', () => {
    for (const scenario of casesOf(matchingQuery))
      expect(expectedResolution(scenario.charge, scenario.attributes)?.rule).toBe(
        'billing.charges.query.rate_card_match',
      );
    for (const scenario of casesOf(fallbackQuery))
      expect(expectedResolution(scenario.charge, scenario.attributes)?.rule).toBe(
        'billing.charges.query.default_fallback',
      );
  });
  test('fallback queries meet no condition of any row, so a target matching rows in part fails only the matching rule', () => {
    for (const scenario of casesOf(fallbackQuery))
      expect(someConditionMet(scenario.charge.rateCards, scenario.attributes), JSON.stringify(scenario)).toBe(false);
    const rows = [{ conditions: { region: 'eu', tier: 'gold' }, pricing: { currency: 'USD', amount: 1 } }];
    expect(unmetBy(rows, { region: 'eu', tier: 'silver', channel: 'web' })).toEqual({
      region: 'unlisted',
      tier: 'silver',
      channel: 'web',
    });
  });
  test('products have plans covering the usage, recurring and other models; invalid ones have none', () => {
    for (const product of casesOf(productDraft)) {
      expect(product.plans.length).toBeGreaterThan(0);
      expect(new Set(product.plans.flatMap((plan) => plan.charges.map((charge) => charge.model)))).toEqual(
        new Set(productChargeModels),
      );
    }
    for (const invalid of casesOf(productWithoutPlans)) expect(invalid.value.plans).toEqual([]);
  });
  test('malformed bodies never parse to a JSON object', () => {
    for (const invalid of casesOf(malformedJsonBody))
      expect(isJsonObjectText(invalid.value), JSON.stringify(invalid.value)).toBe(false);
  });
  test('bad bearer values never carry the real token', () => {
    for (const invalid of casesOf(invalidBearer('billing.catalog.auth.invalid', 'abcDEF123token')))
      expect(invalid.value).not.toBe('Bearer abcDEF123token');
  });
  test('org ids outside access always name an org that is not accessible', () => {
    for (const invalid of casesOf(orgIdsOutsideAccess(['org-north', 'org-south'], ['org-vault']))) {
      expect(invalid.value.split(',').some((org) => !['org-north', 'org-south'].includes(org))).toBe(true);
    }
  });
});

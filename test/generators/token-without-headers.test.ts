import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { forbiddenTokenHeader } from '../../generators/billing/forbidden-token-header.ts';
import { invalidClientId } from '../../generators/billing/invalid-client-id.ts';
import { invalidClientSecret } from '../../generators/billing/invalid-client-secret.ts';
import { invalidGrantType } from '../../generators/billing/invalid-grant-type.ts';
import { invalidTokenEntityId } from '../../generators/billing/invalid-token-entity-id.ts';
import { missingTokenField } from '../../generators/billing/missing-token-field.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import { tokenRequestRulesBroken } from '../../rules/billing/token-request-rules.ts';
import type { Gen, InvalidCase } from '../../generators/gen.ts';

/*
 * The same exactness property as rule-exactness.test.ts, from a token request with no headers at all and a
 * random client id: the generators must not rely on a header being present, and must leave their input alone.
 */
const valid: TokenRequestParts = {
  body: { client_id: randomUUID(), client_secret: 'x'.repeat(30), grant_type: 'client_credentials' },
  headers: {},
};
const entityId = randomUUID();

const broken = (parts: TokenRequestParts) => tokenRequestRulesBroken(parts.body, parts.headers);

const generators: [string, Gen<InvalidCase<TokenRequestParts>>][] = [
  ['invalidClientId', invalidClientId(valid)],
  ['invalidClientSecret', invalidClientSecret(valid)],
  ['invalidGrantType', invalidGrantType(valid)],
  ['missingTokenField', missingTokenField(valid)],
  ['invalidTokenEntityId', invalidTokenEntityId(valid, entityId)],
  ['forbiddenTokenHeader', forbiddenTokenHeader(valid)],
];

describe('token generators from a request without headers', () => {
  test('the valid request breaks nothing', () => {
    expect(broken(valid)).toEqual([]);
  });

  test.each(generators)(
    '%s: boundaries and 200 samples break exactly their rule, and the input is unchanged',
    (_, gen) => {
      const before = structuredClone(valid);
      const cases = [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed: 11, numRuns: 200 })];
      for (const invalid of cases)
        expect(broken(invalid.value), `${invalid.why}: ${JSON.stringify(invalid.value)}`).toEqual([invalid.breaks]);
      expect(valid).toEqual(before);
    },
  );
});

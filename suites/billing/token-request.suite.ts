import { parsedWith } from '../../checks/response-required.ts';
import type { Gen, InvalidCase } from '../../generators/gen.ts';
import { forbiddenTokenHeader } from '../../generators/billing/forbidden-token-header.ts';
import { invalidClientId } from '../../generators/billing/invalid-client-id.ts';
import { invalidClientSecret } from '../../generators/billing/invalid-client-secret.ts';
import { invalidGrantType } from '../../generators/billing/invalid-grant-type.ts';
import { invalidTokenEntityId } from '../../generators/billing/invalid-token-entity-id.ts';
import { missingTokenField } from '../../generators/billing/missing-token-field.ts';
import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import type { billingRules } from '../../rules/billing/rules.ts';
import type { RuleIdJudgedBy } from '../../engine/rule-test.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { headerNames } from './client/billing-client.ts';
import { type BillingSession, ruleTest, useBillingSession } from './support/billing-session.ts';
import { forAll } from '../support/for-all.ts';

const session = useBillingSession();

/** Any syntactically valid UUID, for tenants that declare no entity. */
const sampleEntityId = '00000000-0000-4000-8000-000000000000';

const invalidTokenRequests: [
  RuleIdJudgedBy<(typeof billingRules)[number], 'request-refused'>,
  (valid: TokenRequestParts, s: BillingSession) => Gen<InvalidCase<TokenRequestParts>>,
][] = [
  ['billing.token.client_id.length', invalidClientId],
  ['billing.token.client_secret.length', invalidClientSecret],
  ['billing.token.grant_type.enum', invalidGrantType],
  ['billing.token.fields.required', missingTokenField],
  ['billing.token.forbidden_headers', forbiddenTokenHeader],
];

for (const [ruleId, generator] of invalidTokenRequests) {
  ruleTest(ruleId, async ({ check }) => {
    const s = session();
    const cases = generator(s.client.validTokenRequest(), s);
    // One at a time and few: the token endpoint is rate limited and must not be flooded.
    await forAll(cases, s.property({ runs: s.tokenEndpointRuns, concurrency: 1 }), async (invalid) => {
      const exchange = await s.client.sendTokenRequest(invalid.value);
      return check(exchange, op.token.invalidInputStatus);
    });
  });
}

/**
 * Malformed entity ids are refused; and for a multi-entity tenant ("Entity ID for multi-entity tenants"), the valid
 * token request naming the tenant's entity in the documented form is served: a target refusing the header outright
 * fails here.
 */
ruleTest('billing.token.entity_ids.uuid', async ({ check }) => {
  const s = session();
  const { tenant } = s.client;
  const entityId = tenant.entityIds[0];
  const cases = invalidTokenEntityId(s.client.validTokenRequest(), entityId ?? sampleEntityId);
  await forAll(cases, s.property({ runs: s.tokenEndpointRuns, concurrency: 1 }), async (invalid) =>
    check(await s.client.sendTokenRequest(invalid.value), {
      keepsRule: false,
      documentedStatus: op.token.invalidInputStatus,
    }),
  );
  if (!tenant.multiEntity || entityId === undefined) return;
  const valid = s.client.validTokenRequest();
  const named = { ...valid, headers: { ...valid.headers, [headerNames.entityIds]: entityId } };
  return check(await s.client.sendTokenRequest(named), {
    keepsRule: true,
    documentedStatus: op.token.successStatus,
  });
});

/** Judged on the token request that opened the run's session: the run issues no other token. */
ruleTest('billing.token.issue', async ({ observe, check }) => {
  const s = session();
  const exchange = await s.client.tokenSession.issuingExchange();
  const verdict = check(exchange, op.token.successStatus);
  const token = parsedWith(exchange, (body) => s.client.adapter.parseTokenResponse(body));
  observe('expires_in', token.expiresInSeconds ?? 'not given');
  return verdict;
});

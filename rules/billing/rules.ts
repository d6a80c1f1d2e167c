import { defineRules } from '../rule.ts';
import { billingSections as s } from './source.ts';
import { entityHeaderRequired, type TenantMode } from './tenant-mode.ts';

/** What the rules' `appliesTo` reads of the billing section of a target entry. */
type BillingSectionRead = { tenant: TenantMode };

/** Every normative sentence of the billing document, once, in our own words. */
export const billingRules = defineRules<BillingSectionRead>()([
  {
    id: 'billing.token.client_id.length',
    family: 'billing',
    source: s.tokenRequest,
    statement: 'client_id is a string of exactly 36 characters; any other length is rejected with a 4xx.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'billing.token.client_secret.length',
    family: 'billing',
    source: s.tokenRequest,
    statement: 'client_secret is a string of at most 42 characters; a longer one is rejected with a 4xx.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'billing.token.grant_type.enum',
    family: 'billing',
    source: s.tokenRequest,
    statement: 'grant_type must be exactly client_credentials; any other value is rejected with a 4xx.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'billing.token.fields.required',
    family: 'billing',
    source: s.tokenRequest,
    statement:
      'client_id, client_secret and grant_type are all required; a request missing one is rejected with a 4xx.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'billing.token.entity_ids.uuid',
    family: 'billing',
    source: s.headers,
    statement:
      'On the token operation Svc-Entity-Ids must be a 36-character UUID with hyphens; any other form is rejected with a 4xx.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'billing.token.forbidden_headers',
    family: 'billing',
    source: s.authentication,
    statement:
      'No Authorization, apiAccessKeyId or apiSecretAccessKey header may accompany the token request; one that does is rejected with a 4xx.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'billing.token.issue',
    family: 'billing',
    source: s.endpoints,
    statement: 'A valid token request gets 200 with a token response carrying a bearer token.',
    check: 'status-for-valid-input',
  },
  {
    id: 'billing.token.reusable',
    family: 'billing',
    source: s.tokenRules,
    statement: 'A token is meant to be used until it expires: the same token keeps authorising catalog requests.',
    check: 'token-reusable',
  },
  {
    id: 'billing.token.rate_limit',
    family: 'billing',
    source: s.tokenRules,
    statement:
      'Token requests are rate limited per caller IP: offered faster and faster, they meet 429 on every path of the operation, and after backing off a valid request is served again. The limit found is reported (judged only against a limit the target entry pins).',
    check: 'rate-limit-probed',
    // A probe that got no answer at all judged no limit: the token rule owns a token endpoint that does not answer.
    prerequisites: ['billing.token.issue'],
  },
  {
    id: 'billing.headers.track_id.length',
    family: 'billing',
    source: s.headers,
    statement:
      'Svc-Track-Id is at most 64 characters; a longer one is rejected (400 on catalog operations, a 4xx on the token operation).',
    check: 'status-for-input',
  },
  {
    id: 'billing.headers.track_id.charset',
    family: 'billing',
    source: s.headers,
    statement:
      'Svc-Track-Id is US-ASCII without colon, semicolon, double or single quote; another one is rejected (400 on catalog operations, a 4xx on the token operation).',
    check: 'status-for-input',
  },
  {
    id: 'billing.headers.track_id.echo',
    family: 'billing',
    source: s.headers,
    statement: 'A valid Svc-Track-Id that is sent comes back unchanged in the response headers.',
    check: 'header-echo',
    prerequisites: ['billing.headers.track_id.length'],
  },
  {
    id: 'billing.headers.idempotency_key.length',
    family: 'billing',
    source: s.headers,
    statement:
      'Idempotency-Key is at most 255 characters; a longer one on a POST catalog operation is rejected with 400.',
    check: 'status-for-input',
  },
  {
    id: 'billing.headers.idempotency_key.replay',
    family: 'billing',
    source: s.headers,
    statement: 'A retry carrying the same Idempotency-Key is recognised: the operation is not performed a second time.',
    check: 'idempotent-replay',
  },
  {
    id: 'billing.headers.idempotency_key.concurrent',
    family: 'billing',
    source: s.headers,
    statement: 'Concurrent retries carrying the same Idempotency-Key perform the operation once.',
    check: 'idempotent-replay',
    prerequisites: ['billing.headers.idempotency_key.replay'],
  },
  {
    id: 'billing.headers.entity_ids.required',
    family: 'billing',
    source: s.headers,
    statement:
      'With multi-entity enabled and a token valid for several entities, catalog operations without Svc-Entity-Ids are rejected with 400.',
    check: 'status-for-invalid-input',
    appliesTo: (billing) => entityHeaderRequired(billing.tenant),
    applicability: 'tenant with multi-entity enabled and tokens valid for several entities',
  },
  {
    id: 'billing.headers.entity_ids.forbidden',
    family: 'billing',
    source: s.headers,
    statement:
      'With a single-entity token or multi-entity disabled, catalog operations carrying Svc-Entity-Ids are rejected with 400.',
    check: 'status-for-invalid-input',
    appliesTo: (billing) => !entityHeaderRequired(billing.tenant),
    applicability: 'tenant without multi-entity, or tokens valid for a single entity',
  },
  {
    id: 'billing.headers.org_ids.forbidden',
    family: 'billing',
    source: s.headers,
    statement: 'Without multi-org, catalog operations carrying Svc-Org-Ids are rejected with 400.',
    check: 'status-for-invalid-input',
    appliesTo: (billing) => !billing.tenant.multiOrg,
    applicability: 'tenant without multi-org',
  },
  {
    id: 'billing.headers.org_ids.accessible',
    family: 'billing',
    source: s.headers,
    statement:
      'Svc-Org-Ids must be a subset of the accessible orgs; naming another org makes the operation fail (the document names no status: 400 or 401, the refusals the charge operations list, and which one is observed).',
    check: 'status-for-invalid-input',
    appliesTo: (billing) => billing.tenant.multiOrg && billing.tenant.accessibleOrgs.length > 0,
    applicability: 'tenant with multi-org and at least one declared accessible org',
  },
  {
    id: 'billing.headers.org_ids.scope',
    family: 'billing',
    source: s.headers,
    statement:
      'Svc-Org-Ids sets the organisation context: a charge made in one org is not visible from another, and without the header the scope is all accessible orgs.',
    check: 'org-scope-visibility',
    appliesTo: (billing) => billing.tenant.multiOrg && billing.tenant.accessibleOrgs.length >= 2,
    applicability: 'tenant with multi-org and at least two declared accessible orgs',
  },
  {
    id: 'billing.compression.response_over_threshold',
    family: 'billing',
    source: s.limits,
    statement:
      'With Accept-Encoding: gzip, a catalog response over 1000 bytes is gzip-compressed and says so in Content-Encoding.',
    check: 'gzip-threshold',
  },
  {
    id: 'billing.compression.response_under_threshold',
    family: 'billing',
    source: s.limits,
    statement: 'With Accept-Encoding: gzip, a catalog response of 1000 bytes or less is not compressed.',
    check: 'gzip-threshold',
  },
  {
    id: 'billing.compression.request_gzip',
    family: 'billing',
    source: s.headers,
    statement:
      'A request body sent gzipped with Content-Encoding: gzip is handled exactly like the same body sent plain.',
    check: 'gzip-request-equivalence',
  },
  {
    id: 'billing.catalog.auth.missing',
    family: 'billing',
    source: s.errors,
    statement:
      'Charge operations without a bearer token get 401 (ProxyUnauthorizedResponse); PUT /commerce/charges may answer 400 instead (its CommonResponse covers "request errors or unauthorized"); which one is observed.',
    check: 'unauthorized-status',
  },
  {
    id: 'billing.catalog.auth.invalid',
    family: 'billing',
    source: s.errors,
    statement:
      'Charge operations with a bad bearer token (unknown, altered, wrong scheme) get 401 (ProxyUnauthorizedResponse); PUT /commerce/charges may answer 400 instead (its CommonResponse covers "request errors or unauthorized"); which one is observed.',
    check: 'unauthorized-status',
  },
  {
    id: 'billing.catalog.status.documented',
    family: 'billing',
    source: s.endpoints,
    statement:
      'Every charge operation answers only with its documented status codes (429 tolerated: concurrency limits are not shown). A success (2xx) or a refusal of an invalid body with a status the operation does not list is judged here alone.',
    check: 'documented-status',
  },
  {
    id: 'billing.catalog.invalid_input.status',
    family: 'billing',
    source: s.errors,
    statement:
      "A malformed or invalid request body on a charge operation is refused: never a 2xx or 5xx, nor another status the operation documents for something else (its documented answer is 400; an undocumented 4xx is billing.catalog.status.documented's finding).",
    check: 'invalid-body-refused',
  },
  {
    id: 'billing.charges.create',
    family: 'billing',
    source: s.endpoints,
    statement:
      "A valid charge with default pricing and rate cards is created: a 2xx with a CreateChargeResponse naming it (the document's 200; another 2xx is billing.catalog.status.documented's finding).",
    check: 'status-for-valid-input',
  },
  {
    id: 'billing.charges.update.body_identifies',
    family: 'billing',
    source: s.endpoints,
    statement:
      "PUT /commerce/charges identifies the charge inside the body: it updates that charge and no other, and a body without an identifier is refused (a 4xx; that it is the documented 400 is billing.catalog.status.documented's finding).",
    check: 'update-targets-body-id',
  },
  {
    id: 'billing.charges.query.rate_card_match',
    family: 'billing',
    source: s.queryRules,
    statement: "When a rate-card row matches the supplied attribute values, the query returns that row's pricing.",
    check: 'pricing-resolution',
  },
  {
    id: 'billing.charges.query.default_fallback',
    family: 'billing',
    source: s.queryRules,
    statement: 'When no rate-card row matches, the query returns the charge-level default pricing if one is defined.',
    check: 'pricing-resolution',
  },
  {
    id: 'billing.charges.query.no_side_effects',
    family: 'billing',
    source: s.queryRules,
    statement:
      'The query creates and updates nothing: repeating it gives the same answer and later reads are unchanged.',
    check: 'query-side-effect-free',
  },
  {
    id: 'billing.products.create',
    family: 'billing',
    source: s.overview,
    statement:
      'POST /commerce/products creates a product with its plans and charges (usage, recurring and other models) and succeeds with a 2xx.',
    check: 'product-created',
  },
  {
    id: 'billing.products.plans.required',
    family: 'billing',
    source: s.endpoints,
    statement: 'A product is created with one or more plans; a product without plans is rejected with a 4xx.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'billing.products.auth',
    family: 'billing',
    source: s.endpoints,
    statement:
      'POST /commerce/products uses bearer auth like the other catalog operations: without a valid token it never succeeds.',
    check: 'unauthorized-status',
  },
  {
    id: 'billing.bodies.json',
    family: 'billing',
    source: s.endpoints,
    statement: 'Bodies are JSON: successful responses are application/json and parse as JSON.',
    check: 'json-body',
  },
]);

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    billing: (typeof billingRules)[number]['id'];
  }
}

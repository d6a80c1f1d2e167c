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
    statement:
      "client_id is a string of exactly 36 characters; a request with any other length is refused. The token operation's row lists no refusal status (200 and 429 only): the request is not served (never a 2xx) and the status met is observed.",
    quotes: [
      { text: 'client_id | string | Exactly 36 characters.', demand: 'Exactly 36 characters' },
      { text: 'client_id length | exactly 36 characters | token request', demand: 'exactly 36 characters' },
      { text: '200 token response record; 429 with an unspecified body.' },
    ],
    check: 'request-refused',
  },
  {
    id: 'billing.token.client_secret.length',
    family: 'billing',
    source: s.tokenRequest,
    statement:
      "client_secret is a string of at most 42 characters; a request with a longer one is refused. The token operation's row lists no refusal status (200 and 429 only): the request is not served (never a 2xx) and the status met is observed.",
    quotes: [
      { text: 'client_secret | string | At most 42 characters.', demand: 'At most 42 characters' },
      { text: 'client_secret length | at most 42 characters | token request', demand: 'at most 42 characters' },
      { text: '200 token response record; 429 with an unspecified body.' },
    ],
    check: 'request-refused',
  },
  {
    id: 'billing.token.grant_type.enum',
    family: 'billing',
    source: s.tokenRequest,
    statement:
      "grant_type must be exactly client_credentials; a request with any other value is refused. The token operation's row lists no refusal status (200 and 429 only): the request is not served (never a 2xx) and the status met is observed.",
    quotes: [
      { text: 'grant_type | enum | Must be `client_credentials`.', demand: 'Must be `client_credentials`' },
      { text: '200 token response record; 429 with an unspecified body.' },
    ],
    check: 'request-refused',
  },
  {
    id: 'billing.token.fields.required',
    family: 'billing',
    source: s.tokenRequest,
    statement:
      "client_id, client_secret and grant_type are all required; a request missing one is refused. The token operation's row lists no refusal status (200 and 429 only): the request is not served (never a 2xx) and the status met is observed.",
    quotes: [
      { text: 'Token request (JSON body, all three fields required)', demand: 'all three fields required' },
      { text: '200 token response record; 429 with an unspecified body.' },
    ],
    check: 'request-refused',
  },
  {
    id: 'billing.token.entity_ids.uuid',
    family: 'billing',
    source: s.headers,
    statement:
      "On the token operation Svc-Entity-Ids must be a 36-character UUID with hyphens; a request with any other form is refused. The token operation's row lists no refusal status (200 and 429 only): the request is not served (never a 2xx) and the status met is observed. For a multi-entity tenant, a valid token request naming one of the tenant's entities in that form is served (200).",
    quotes: [
      {
        text: 'On the token operation it must be a 36-character UUID with hyphens (a non-UUID entity ID must be converted to a valid UUID first).',
        demand: 'must be a 36-character UUID with hyphens',
      },
      { text: 'Entity ID for multi-entity tenants.' },
      { text: '200 token response record; 429 with an unspecified body.' },
    ],
    check: 'input-as-listed',
  },
  {
    id: 'billing.token.forbidden_headers',
    family: 'billing',
    source: s.authentication,
    statement:
      "No Authorization, apiAccessKeyId or apiSecretAccessKey header may accompany the token request; one that does is refused. The token operation's row lists no refusal status (200 and 429 only): the request is not served (never a 2xx) and the status met is observed.",
    quotes: [
      {
        text: 'Svc-Track-Id, Svc-Entity-Ids only. No Authorization, apiAccessKeyId or apiSecretAccessKey header may be set.',
        demand: 'No Authorization, apiAccessKeyId or apiSecretAccessKey header may be set',
      },
      {
        text: 'The header names apiAccessKeyId and apiSecretAccessKey belong to other authentication styles of the service; they must not accompany the token operation.',
        demand: 'they must not accompany the token operation',
      },
      { text: '200 token response record; 429 with an unspecified body.' },
    ],
    check: 'request-refused',
  },
  {
    id: 'billing.token.issue',
    family: 'billing',
    source: s.endpoints,
    statement: 'A valid token request gets 200 with a token response carrying a bearer token.',
    quotes: [
      {
        text: 'The token operation exchanges client_id, client_secret and grant_type `client_credentials` for a bearer token.',
        demand: 'exchanges client_id, client_secret and grant_type `client_credentials` for a bearer token',
      },
      {
        text: 'Token request (client_id, client_secret, grant_type). | 200 token response record;',
        demand: '200 token response record',
      },
      { text: 'Token lifetime and the fields of the token response: not shown.' },
    ],
    check: 'status-for-valid-input',
  },
  {
    id: 'billing.token.reusable',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.tokenRules,
    statement: 'A token is meant to be used until it expires: the same token keeps authorising catalog requests.',
    quotes: [
      {
        text: 'A token is used until it expires; many tokens must not be generated in a short period.',
        demand: 'A token is used until it expires',
      },
      {
        text: 'Catalog operations use the bearer scheme: the token is sent in the Authorization header as `Bearer <ACCESS_TOKEN>`.',
      },
    ],
    check: 'token-reusable',
  },
  {
    id: 'billing.token.rate_limit',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.tokenRules,
    statement:
      'Token requests are rate limited per caller IP: offered faster and faster, they meet 429 on every path of the operation, and after backing off a valid request is served again. The limit found is reported (judged only against a limit the target entry pins).',
    quotes: [
      {
        text: 'Requests are rate limited by caller IP address; a 429 response means the request frequency must be reduced.',
        demand: 'Requests are rate limited by caller IP address',
      },
      { text: '429 | POST /oauth/token | unspecified body; caused by too many requests from one IP', demand: '429' },
      {
        text: 'limited per IP address (429 when exceeded); numeric rates and the concurrent-request limits of the other operations: not shown',
      },
    ],
    check: 'rate-limit-probed',
    // A probe that got no answer at all judged no limit: the token rule owns a token endpoint that does not answer.
  },
  {
    id: 'billing.headers.track_id.length',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    maxLength: 'trackIdMaxLength',
    source: s.headers,
    statement:
      'Svc-Track-Id is at most 64 characters: exactly 64 is accepted by every catalog operation; a longer one is refused, with 400 on the charge operations (their listed answer to a request error). On POST /commerce/products (same header set, status codes not shown) it is not served (never a 2xx), the status met observed. On the token operation (no refusal status listed) likewise.',
    quotes: [
      { text: 'Svc-Track-Id | string, max 64 | no', demand: 'max 64' },
      { text: 'Svc-Track-Id length | at most 64 characters | all operations', demand: 'at most 64 characters' },
      {
        text: 'CreateChargeRequest. | 200 CreateChargeResponse; 400 ProxyBadRequestResponse;',
        demand: '400 ProxyBadRequestResponse',
      },
      {
        text: '200 CreateChargeResponse; 400 CommonResponse (request errors or unauthorized);',
        demand: '400 CommonResponse (request errors or unauthorized)',
      },
      { text: '200 token response record; 429 with an unspecified body.' },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'input-as-listed',
  },
  {
    id: 'billing.headers.track_id.charset',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.headers,
    statement:
      'Svc-Track-Id is US-ASCII without colon, semicolon, double or single quote: every other printable character is accepted; another one is refused, with 400 on the charge operations. On POST /commerce/products (same header set, status codes not shown) it is not served (never a 2xx), the status met observed. On the token operation (no refusal status listed) likewise.',
    quotes: [
      {
        text: 'US-ASCII only; must not contain colon, semicolon, double quote or single quote.',
        demand: 'US-ASCII only; must not contain colon, semicolon, double quote or single quote',
      },
      {
        text: 'CreateChargeRequest. | 200 CreateChargeResponse; 400 ProxyBadRequestResponse;',
        demand: '400 ProxyBadRequestResponse',
      },
      {
        text: '200 CreateChargeResponse; 400 CommonResponse (request errors or unauthorized);',
        demand: '400 CommonResponse (request errors or unauthorized)',
      },
      { text: '200 token response record; 429 with an unspecified body.' },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'input-as-listed',
  },
  {
    id: 'billing.headers.track_id.echo',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.headers.track_id.length', 'billing.token.issue'],
    source: s.headers,
    statement: 'A valid Svc-Track-Id that is sent comes back unchanged in the response headers.',
    quotes: [
      {
        text: 'Custom trace identifier. When sent, the same value is returned in the response headers.',
        demand: 'When sent, the same value is returned in the response headers',
      },
      {
        text: 'Same header set as POST /commerce/charges; bearer auth assumed as for the other catalog operations.',
        demand: 'Same header set as POST /commerce/charges',
      },
    ],
    check: 'header-echo',
  },
  {
    id: 'billing.headers.idempotency_key.length',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    maxLength: 'idempotencyKeyMaxLength',
    source: s.headers,
    statement:
      'Idempotency-Key is at most 255 characters on the POST catalog operations: exactly 255 is accepted; a longer one is refused, with 400 on POST /commerce/charges and its query. On POST /commerce/products (same header set, status codes not shown) it is not served (never a 2xx), the status met observed.',
    quotes: [
      { text: 'Idempotency-Key | string, max 255 | no', demand: 'max 255' },
      {
        text: 'Idempotency-Key length | at most 255 characters | POST catalog operations',
        demand: 'at most 255 characters',
      },
      {
        text: 'CreateChargeRequest. | 200 CreateChargeResponse; 400 ProxyBadRequestResponse;',
        demand: '400 ProxyBadRequestResponse',
      },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'input-as-listed',
  },
  {
    id: 'billing.headers.idempotency_key.replay',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.headers,
    statement: 'A retry carrying the same Idempotency-Key is recognised: the operation is not performed a second time.',
    quotes: [
      {
        text: 'Retries carrying the same value are recognised and the operation is not performed twice.',
        demand: 'the operation is not performed twice',
      },
      { text: 'Only for idempotent POST or PATCH requests.' },
    ],
    check: 'idempotent-replay',
  },
  {
    id: 'billing.headers.idempotency_key.concurrent',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.headers.idempotency_key.replay', 'billing.token.issue'],
    source: s.headers,
    statement: 'Concurrent retries carrying the same Idempotency-Key perform the operation once.',
    quotes: [
      {
        text: 'Retries carrying the same value are recognised and the operation is not performed twice.',
        demand: 'the operation is not performed twice',
      },
    ],
    check: 'idempotent-replay',
  },
  {
    id: 'billing.headers.entity_ids.required',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.headers,
    statement:
      'With multi-entity enabled and a token valid for several entities, catalog operations without Svc-Entity-Ids are refused: 400 on the charge operations. On POST /commerce/products (same header set, status codes not shown) it is not served (never a 2xx), the status met observed.',
    quotes: [
      {
        text: 'On catalog operations: required when multi-entity is enabled and the token is valid for more than one entity',
        demand: 'required',
      },
      {
        text: 'CreateChargeRequest. | 200 CreateChargeResponse; 400 ProxyBadRequestResponse;',
        demand: '400 ProxyBadRequestResponse',
      },
      {
        text: '200 CreateChargeResponse; 400 CommonResponse (request errors or unauthorized);',
        demand: '400 CommonResponse (request errors or unauthorized)',
      },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'request-refused',
    appliesTo: (billing) => entityHeaderRequired(billing.tenant),
    applicability: 'tenant with multi-entity enabled and tokens valid for several entities',
  },
  {
    id: 'billing.headers.entity_ids.forbidden',
    family: 'billing',
    prerequisites: ['billing.token.issue', 'billing.charges.create'],
    source: s.headers,
    statement:
      'With a single-entity token or multi-entity disabled, catalog operations carrying Svc-Entity-Ids are refused: 400 on the charge operations. On POST /commerce/products (same header set, status codes not shown) it is not served (never a 2xx), the status met observed.',
    quotes: [
      {
        text: 'must not be set when the token is valid for a single entity or multi-entity is not enabled.',
        demand: 'must not be set',
      },
      {
        text: 'CreateChargeRequest. | 200 CreateChargeResponse; 400 ProxyBadRequestResponse;',
        demand: '400 ProxyBadRequestResponse',
      },
      {
        text: '200 CreateChargeResponse; 400 CommonResponse (request errors or unauthorized);',
        demand: '400 CommonResponse (request errors or unauthorized)',
      },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'request-refused',
    appliesTo: (billing) => !entityHeaderRequired(billing.tenant),
    applicability: 'tenant without multi-entity, or tokens valid for a single entity',
  },
  {
    id: 'billing.headers.org_ids.forbidden',
    family: 'billing',
    prerequisites: ['billing.token.issue', 'billing.charges.create'],
    source: s.headers,
    statement:
      'Without multi-org, catalog operations carrying Svc-Org-Ids are refused: 400 on the charge operations. On POST /commerce/products (same header set, status codes not shown) it is not served (never a 2xx), the status met observed.',
    quotes: [
      {
        text: 'Comma-separated org IDs, for tenants with multi-org enabled; must not be set otherwise.',
        demand: 'must not be set otherwise',
      },
      {
        text: 'CreateChargeRequest. | 200 CreateChargeResponse; 400 ProxyBadRequestResponse;',
        demand: '400 ProxyBadRequestResponse',
      },
      {
        text: '200 CreateChargeResponse; 400 CommonResponse (request errors or unauthorized);',
        demand: '400 CommonResponse (request errors or unauthorized)',
      },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'request-refused',
    appliesTo: (billing) => !billing.tenant.multiOrg,
    applicability: 'tenant without multi-org',
  },
  {
    id: 'billing.headers.org_ids.accessible',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.headers,
    statement:
      'Svc-Org-Ids must be a subset of the accessible orgs; naming another org makes the operation fail: on the charge operations 400 or 401, the refusals they list (the document names no status for this case; which one is observed). On POST /commerce/products (same header set, status codes not shown) it is not served (never a 2xx), the status met observed.',
    quotes: [
      {
        text: "The IDs must be a subset of the user's accessible orgs; naming an inaccessible org makes the operation fail.",
        demand: 'naming an inaccessible org makes the operation fail',
      },
      {
        text: '200 CreateChargeResponse; 400 ProxyBadRequestResponse; 401 ProxyUnauthorizedResponse.',
        demand: '400 ProxyBadRequestResponse; 401 ProxyUnauthorizedResponse',
      },
    ],
    check: 'request-refused',
    appliesTo: (billing) => billing.tenant.multiOrg && billing.tenant.accessibleOrgs.length > 0,
    applicability: 'tenant with multi-org and at least one declared accessible org',
  },
  {
    id: 'billing.headers.org_ids.several',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.headers,
    statement:
      "Svc-Org-Ids naming several accessible orgs, comma-separated in any order (a subset of the accessible orgs), is accepted: every catalog operation serves the request (a 2xx; which one is billing.catalog.status.documented's).",
    quotes: [
      {
        text: 'Comma-separated org IDs, for tenants with multi-org enabled; must not be set otherwise.',
        demand: 'Comma-separated org IDs',
      },
      {
        text: "The IDs must be a subset of the user's accessible orgs; naming an inaccessible org makes the operation fail.",
        demand: "The IDs must be a subset of the user's accessible orgs",
      },
    ],
    check: 'status-for-valid-input',
    appliesTo: (billing) => billing.tenant.multiOrg && billing.tenant.accessibleOrgs.length >= 2,
    applicability: 'tenant with multi-org and at least two declared accessible orgs',
  },
  {
    id: 'billing.headers.org_ids.scope',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.headers,
    statement:
      'Svc-Org-Ids sets the organisation context: a charge made in one org is not visible from another, and without the header the scope is all accessible orgs.',
    quotes: [
      {
        text: 'It defines the organisation context (chiefly read access and data visibility).',
        demand: 'It defines the organisation context',
      },
      {
        text: "When absent, the operation runs in the scope of all the user's accessible orgs.",
        demand: "runs in the scope of all the user's accessible orgs",
      },
    ],
    check: 'org-scope-visibility',
    appliesTo: (billing) => billing.tenant.multiOrg && billing.tenant.accessibleOrgs.length >= 2,
    applicability: 'tenant with multi-org and at least two declared accessible orgs',
  },
  {
    id: 'billing.compression.response_over_threshold',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.limits,
    statement:
      'With Accept-Encoding: gzip, a catalog response over 1000 bytes is gzip-compressed and says so in Content-Encoding.',
    quotes: [
      {
        text: 'Value `gzip` makes the service compress responses larger than 1000 bytes; the response then carries a Content-Encoding header naming the algorithm.',
        demand: 'makes the service compress responses larger than 1000 bytes',
      },
      {
        text: 'Compression threshold | responses over 1000 bytes are compressed when gzip is requested | catalog operations',
        demand: 'responses over 1000 bytes are compressed when gzip is requested',
      },
    ],
    check: 'gzip-threshold',
  },
  {
    id: 'billing.compression.response_under_threshold',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.limits,
    statement: 'With Accept-Encoding: gzip, a catalog response of 1000 bytes or less is not compressed.',
    quotes: [
      {
        text: 'Compression threshold | responses over 1000 bytes are compressed when gzip is requested | catalog operations',
        demand: 'Compression threshold',
      },
    ],
    check: 'gzip-threshold',
  },
  {
    id: 'billing.compression.request_gzip',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.headers,
    statement:
      'A request body sent gzipped with Content-Encoding: gzip is handled exactly like the same body sent plain.',
    quotes: [
      {
        text: 'Value `gzip` means the request payload is uploaded as a gzipped file instead of plain JSON.',
        demand: 'the request payload is uploaded as a gzipped file instead of plain JSON',
      },
    ],
    check: 'gzip-request-equivalence',
  },
  {
    id: 'billing.catalog.auth.missing',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.errors,
    statement:
      'Charge operations without a bearer token get 401 (ProxyUnauthorizedResponse); PUT /commerce/charges may answer 400 instead (its CommonResponse covers "request errors or unauthorized"); which one is observed.',
    quotes: [
      {
        text: 'Catalog operations use the bearer scheme: the token is sent in the Authorization header as `Bearer <ACCESS_TOKEN>`.',
        demand: 'Catalog operations use the bearer scheme',
      },
      { text: '401 | all three charge operations | ProxyUnauthorizedResponse', demand: '401' },
      {
        text: '400 | PUT /commerce/charges | CommonResponse (request errors or unauthorized)',
        demand: 'CommonResponse (request errors or unauthorized)',
      },
    ],
    check: 'unauthorized-status',
  },
  {
    id: 'billing.catalog.auth.invalid',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.errors,
    statement:
      'Charge operations with a bad bearer token (unknown, altered, wrong scheme) get 401 (ProxyUnauthorizedResponse); PUT /commerce/charges may answer 400 instead (its CommonResponse covers "request errors or unauthorized"); which one is observed.',
    quotes: [
      {
        text: 'Catalog operations use the bearer scheme: the token is sent in the Authorization header as `Bearer <ACCESS_TOKEN>`.',
        demand: 'Catalog operations use the bearer scheme',
      },
      { text: '401 | all three charge operations | ProxyUnauthorizedResponse', demand: '401' },
      {
        text: '400 | PUT /commerce/charges | CommonResponse (request errors or unauthorized)',
        demand: 'CommonResponse (request errors or unauthorized)',
      },
    ],
    check: 'unauthorized-status',
  },
  {
    id: 'billing.catalog.status.documented',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.endpoints,
    statement:
      'Every charge operation answers only with its documented status codes (429 tolerated: concurrency limits are not shown). A success (2xx) or a refusal of an invalid body with a status the operation does not list is judged here alone.',
    quotes: [
      {
        text: '200 CreateChargeResponse; 400 ProxyBadRequestResponse; 401 ProxyUnauthorizedResponse.',
        demand: '200 CreateChargeResponse; 400 ProxyBadRequestResponse; 401 ProxyUnauthorizedResponse.',
      },
      {
        text: '200 CreateChargeResponse; 400 CommonResponse (request errors or unauthorized); 401 ProxyUnauthorizedResponse; 500 ErrorResponse.',
        demand:
          '200 CreateChargeResponse; 400 CommonResponse (request errors or unauthorized); 401 ProxyUnauthorizedResponse; 500 ErrorResponse.',
      },
      { text: 'numeric rates and the concurrent-request limits of the other operations: not shown' },
    ],
    check: 'documented-status',
  },
  {
    id: 'billing.catalog.invalid_input.status',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.errors,
    statement:
      "A malformed or invalid request body on a charge operation is refused: never a 2xx or 5xx, nor another status the operation documents for something else (its documented answer is 400; an undocumented 4xx is billing.catalog.status.documented's finding).",
    quotes: [
      { text: '400 | POST /commerce/charges, POST /commerce/charges/query | ProxyBadRequestResponse', demand: '400' },
      {
        text: '400 | PUT /commerce/charges | CommonResponse (request errors or unauthorized)',
        demand: 'CommonResponse (request errors or unauthorized)',
      },
      {
        text: 'Fields of the charge request and response records, the product record and the token response: not shown.',
      },
    ],
    check: 'invalid-body-refused',
  },
  {
    id: 'billing.charges.create',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.endpoints,
    statement:
      "A valid charge with default pricing and rate cards is created: a 2xx with a CreateChargeResponse naming it (the document's 200; another 2xx is billing.catalog.status.documented's finding).",
    quotes: [
      {
        text: 'Create a PRPC with Dynamic Pricing (charge-level default pricing and conditional rate cards evaluated by attribute values).',
        demand: 'Create a PRPC with Dynamic Pricing',
      },
      { text: 'CreateChargeRequest. | 200 CreateChargeResponse;', demand: '200 CreateChargeResponse' },
    ],
    check: 'status-for-valid-input',
  },
  {
    id: 'billing.charges.update.body_identifies',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.endpoints,
    statement:
      "PUT /commerce/charges identifies the charge inside the body: it updates that charge and no other, and a body without an identifier is refused (a 4xx; that it is the documented 400 is billing.catalog.status.documented's finding).",
    quotes: [
      {
        text: 'Update an existing PRPC: default pricing and/or conditional rate cards.',
        demand: 'Update an existing PRPC',
      },
      {
        text: 'The path carries no identifier; the charge is identified inside the body.',
        demand: 'the charge is identified inside the body',
      },
    ],
    check: 'update-targets-body-id',
  },
  {
    id: 'billing.charges.update.rate_cards',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.endpoints,
    statement:
      "PUT /commerce/charges updates a charge's conditional rate cards: after an update giving rows on attribute values no row of the charge named, a query matching one of them resolves to that row's pricing. Whether the rows the charge had are replaced or kept is not shown, and is observed.",
    quotes: [
      {
        text: 'Update an existing PRPC: default pricing and/or conditional rate cards.',
        demand: 'default pricing and/or conditional rate cards',
      },
      {
        text: 'When a rate-card row matches the supplied attribute values, the pricing of that row is returned.',
        demand: 'the pricing of that row is returned',
      },
    ],
    check: 'pricing-resolution',
  },
  {
    id: 'billing.charges.query.rate_card_match',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.queryRules,
    statement: "When a rate-card row matches the supplied attribute values, the query returns that row's pricing.",
    quotes: [
      {
        text: 'When a rate-card row matches the supplied attribute values, the pricing of that row is returned.',
        demand: 'the pricing of that row is returned',
      },
    ],
    check: 'pricing-resolution',
  },
  {
    id: 'billing.charges.query.default_fallback',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.queryRules,
    statement: 'When no rate-card row matches, the query returns the charge-level default pricing if one is defined.',
    quotes: [
      {
        text: 'When no row matches, the default charge-level pricing is returned if one is defined.',
        demand: 'the default charge-level pricing is returned if one is defined',
      },
    ],
    check: 'pricing-resolution',
  },
  {
    id: 'billing.charges.query.no_side_effects',
    family: 'billing',
    prerequisites: ['billing.charges.create', 'billing.token.issue'],
    source: s.queryRules,
    statement:
      'The query creates and updates nothing: repeating it gives the same answer and later reads are unchanged.',
    quotes: [
      {
        text: 'The operation creates and updates nothing; it may be used to simulate pricing resolution.',
        demand: 'The operation creates and updates nothing',
      },
    ],
    check: 'query-side-effect-free',
  },
  {
    id: 'billing.products.create',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.overview,
    statement:
      'POST /commerce/products creates a product with its plans and charges (usage, recurring and other models) and succeeds with a 2xx.',
    quotes: [
      {
        text: 'Create a product in the catalog with one or more plans and charges.',
        demand: 'Create a product in the catalog',
      },
      {
        text: 'Charges may be usage (per-unit), recurring (flat fee) or other supported models.',
        demand: 'Charges may be usage (per-unit), recurring (flat fee) or other supported models',
      },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'product-created',
  },
  {
    id: 'billing.products.plans.required',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.endpoints,
    statement:
      "A product is created with one or more plans: a product without plans is not created, so the request is not served (never a 2xx). The operation's status codes are not shown, so the status of the refusal is observed, not judged.",
    quotes: [
      { text: 'Create a product in the catalog with one or more plans and charges.', demand: 'with one or more plans' },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'request-refused',
  },
  {
    id: 'billing.products.auth',
    family: 'billing',
    prerequisites: ['billing.token.issue'],
    source: s.endpoints,
    statement:
      'POST /commerce/products uses bearer auth like the other catalog operations: without a valid token it never succeeds.',
    quotes: [
      {
        text: 'Same header set as POST /commerce/charges; bearer auth assumed as for the other catalog operations.',
        demand: 'bearer auth assumed as for the other catalog operations',
      },
      { text: 'Request and response bodies and status codes of this operation: not shown.' },
    ],
    check: 'unauthorized-status',
  },
  {
    id: 'billing.bodies.json',
    family: 'billing',
    prerequisites: ['billing.token.issue', 'billing.charges.create'],
    source: s.endpoints,
    statement: 'Bodies are JSON: successful responses are application/json and parse as JSON.',
    quotes: [
      {
        text: 'Paths are relative to {base_url}. Bodies are JSON (`application/json`).',
        demand: 'Bodies are JSON (`application/json`)',
      },
    ],
    check: 'json-body',
  },
]);

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    billing: (typeof billingRules)[number]['id'];
  }
}

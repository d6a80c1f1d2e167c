import type { ReferenceMode } from '../../reference/billing/mode.ts';
import {
  clientId,
  clientSecret,
  entityA,
  flatCharge,
  orgNorth,
  orgSouth,
  tieredCharge,
  validProduct,
  validTokenBody,
  type Answer,
  type Target,
  type TargetOptions,
} from './support.ts';

/**
 * One small probe per billing rule: true when the target keeps the rule. The mutant tests run every probe
 * against every mutant, so each mutant is shown to break its own rule and no other.
 * Every catalog request gets a fresh token, so only the token-reuse probe depends on reuse.
 */
export interface Probe {
  modes: readonly ReferenceMode[];
  /** Options for a dedicated server when the probe needs special configuration. */
  options?: TargetOptions;
  keeps(target: Target): Promise<boolean>;
}

const allModes = ['multi', 'single-entity', 'plain'] as const;
const multiOrgModes = ['multi', 'single-entity'] as const;

const tokenRequest = (t: Target, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', '/oauth/token', { body, headers });

const createCharge = async (t: Target, body: unknown = flatCharge, extra: Record<string, string> = {}) =>
  t.call('POST', '/commerce/charges', { headers: await t.catalogHeaders(extra), body });

const query = async (
  t: Target,
  chargeId: string,
  attributes: Record<string, string>,
  extra: Record<string, string> = {},
) =>
  t.call('POST', '/commerce/charges/query', { headers: await t.catalogHeaders(extra), body: { chargeId, attributes } });

/** POST /commerce/products, which shares the charges' header set. */
const createProduct = async (t: Target, extra: Record<string, string> = {}, body: unknown = validProduct) =>
  t.call('POST', '/commerce/products', { headers: await t.catalogHeaders(extra), body });

/** Products show no status: a refusal is any answer but a success. */
const refused = (answer: Answer) => !ok(answer);

/**
 * The id of a new charge with rate cards; undefined when the target refuses to create it, which is the
 * creation rule's finding: the query probes then keep their rules (blocked, not failed, as in the suites).
 */
const tieredChargeId = async (t: Target): Promise<string | undefined> =>
  (await createCharge(t, tieredCharge)).json?.charge?.id;

const is400 = (answer: Answer) => answer.status === 400;
/** Probes of other rules accept any success, so a wrong success status shows up only in its own rule. */
const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

function probe(keeps: Probe['keeps'], modes: readonly ReferenceMode[] = allModes, options?: Probe['options']): Probe {
  return { modes, keeps, ...(options && { options }) };
}

export const probes: Record<string, Probe> = {
  'billing.token.client_id.length': probe(
    async (t) =>
      is400(await tokenRequest(t, { ...validTokenBody, client_id: `${clientId}x` })) &&
      is400(await tokenRequest(t, { ...validTokenBody, client_id: clientId.slice(1) })),
  ),
  'billing.token.client_secret.length': probe(async (t) =>
    is400(await tokenRequest(t, { ...validTokenBody, client_secret: clientSecret.padEnd(43, 'x') })),
  ),
  'billing.token.grant_type.enum': probe(async (t) =>
    is400(await tokenRequest(t, { ...validTokenBody, grant_type: 'password' })),
  ),
  'billing.token.fields.required': probe(async (t) => {
    for (const field of Object.keys(validTokenBody)) {
      const { [field as keyof typeof validTokenBody]: _, ...rest } = validTokenBody;
      if (!is400(await tokenRequest(t, rest))) return false;
    }
    return true;
  }),
  'billing.token.entity_ids.uuid': probe(
    async (t) =>
      is400(await tokenRequest(t, validTokenBody, { 'svc-entity-ids': entityA!.replaceAll('-', '') })) &&
      is400(await tokenRequest(t, validTokenBody, { 'svc-entity-ids': 'not-a-uuid' })) &&
      ok(await tokenRequest(t, validTokenBody, { 'svc-entity-ids': entityA! })),
  ),
  'billing.token.forbidden_headers': probe(async (t) => {
    for (const name of ['Authorization', 'apiAccessKeyId', 'apiSecretAccessKey']) {
      if (!is400(await tokenRequest(t, validTokenBody, { [name]: 'x' }))) return false;
    }
    return true;
  }),
  'billing.token.issue': probe(async (t) => {
    const answer = await tokenRequest(t, validTokenBody);
    return (
      answer.status === 200 && typeof answer.json?.access_token === 'string' && answer.json.token_type === 'bearer'
    );
  }),
  'billing.token.reusable': probe(async (t) => {
    const headers = await t.catalogHeaders();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await t.call('POST', '/commerce/charges', { headers, body: flatCharge })).status);
    return statuses.every((status) => status >= 200 && status < 300);
  }),
  'billing.token.rate_limit': probe(
    async (t) => {
      // Two requests use up the limit; the third, with a query string, must be limited like them.
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await tokenRequest(t, validTokenBody)).status);
      statuses.push((await t.call('POST', '/oauth/token?probe=1', { body: validTokenBody })).status);
      return statuses[2] === 429;
    },
    allModes,
    { tokenRateLimit: { requests: 2, windowMs: 10_000 } },
  ),

  'billing.headers.track_id.length': probe(async (t) => {
    const long = await createCharge(t, flatCharge, { 'svc-track-id': 'x'.repeat(65) });
    const max = await createCharge(t, flatCharge, { 'svc-track-id': 'y'.repeat(64) });
    const product = await createProduct(t, { 'svc-track-id': 'x'.repeat(65) });
    return is400(long) && long.headers['svc-track-id'] === undefined && ok(max) && refused(product);
  }),
  'billing.headers.track_id.charset': probe(async (t) => {
    for (const trackId of ['a:b', 'a;b', 'a"b', "a'b", 'caf\u00e9']) {
      if (!is400(await createCharge(t, flatCharge, { 'svc-track-id': trackId }))) return false;
    }
    return true;
  }),
  'billing.headers.track_id.echo': probe(async (t) => {
    const answer = await createCharge(t, flatCharge, { 'svc-track-id': 'Trace-ABC 123' });
    const product = await createProduct(t, { 'svc-track-id': 'Trace-ABC 123' });
    return answer.headers['svc-track-id'] === 'Trace-ABC 123' && product.headers['svc-track-id'] === 'Trace-ABC 123';
  }),
  'billing.headers.idempotency_key.length': probe(async (t) => {
    const long = await createCharge(t, flatCharge, { 'idempotency-key': 'k'.repeat(256) });
    const max = await createCharge(t, flatCharge, { 'idempotency-key': 'm'.repeat(255) });
    const product = await createProduct(t, { 'idempotency-key': 'p'.repeat(256) });
    return is400(long) && ok(max) && refused(product);
  }),
  'billing.headers.idempotency_key.replay': probe(async (t) => {
    const first = await createCharge(t, flatCharge, { 'idempotency-key': 'probe-replay' });
    const retry = await createCharge(t, flatCharge, { 'idempotency-key': 'probe-replay' });
    return ok(first) && retry.json?.charge?.id === first.json.charge.id;
  }),
  'billing.headers.idempotency_key.concurrent': probe(async (t) => {
    // The eight tokens first, then the eight requests at once: sent each after its own token request, they spread
    // wider on a loaded machine than the mutant's window between lookup and store. (A token each: a target may take
    // a token once.)
    const headers = await Promise.all(
      Array.from({ length: 8 }, () => t.catalogHeaders({ 'idempotency-key': 'probe-concurrent' })),
    );
    const answers = await Promise.all(
      headers.map((sent) => t.call('POST', '/commerce/charges', { headers: sent, body: flatCharge })),
    );
    return new Set(answers.map((answer) => answer.json?.charge?.id)).size === 1;
  }),
  'billing.headers.entity_ids.required': probe(
    async (t) =>
      is400(
        await t.call('POST', '/commerce/charges', {
          headers: { authorization: `Bearer ${await t.token()}` },
          body: flatCharge,
        }),
      ),
    ['multi'],
  ),
  'billing.headers.entity_ids.forbidden': probe(
    async (t) =>
      is400(await createCharge(t, flatCharge, { 'svc-entity-ids': entityA! })) &&
      refused(await createProduct(t, { 'svc-entity-ids': entityA! })),
    ['single-entity', 'plain'],
  ),
  'billing.headers.org_ids.forbidden': probe(
    async (t) =>
      is400(await createCharge(t, flatCharge, { 'svc-org-ids': orgNorth! })) &&
      refused(await createProduct(t, { 'svc-org-ids': orgNorth! })),
    ['plain'],
  ),
  'billing.headers.org_ids.accessible': probe(
    async (t) => is400(await createCharge(t, flatCharge, { 'svc-org-ids': 'org-vault' })),
    multiOrgModes,
  ),
  'billing.headers.org_ids.several': probe(
    async (t) => ok(await createCharge(t, flatCharge, { 'svc-org-ids': `${orgSouth},${orgNorth}` })),
    multiOrgModes,
  ),
  'billing.headers.org_ids.scope': probe(async (t) => {
    const { id } = (await createCharge(t, flatCharge, { 'svc-org-ids': orgNorth! })).json.charge;
    return is400(await query(t, id, {}, { 'svc-org-ids': orgSouth! })) && ok(await query(t, id, {}));
  }, multiOrgModes),

  'billing.compression.response_over_threshold': probe(async (t) => {
    const answer = await createCharge(
      t,
      { ...flatCharge, description: 'd'.repeat(3000) },
      { 'accept-encoding': 'gzip' },
    );
    // Charges of the models every product operation takes ("other" is the products rule's own probe).
    const charges = validProduct.plans[0]?.charges.filter((charge) => charge.model !== 'other');
    const plans = Array.from({ length: 6 }, () => ({ name: 'Basic', charges }));
    const product = await createProduct(t, { 'accept-encoding': 'gzip' }, { ...validProduct, plans });
    return answer.headers['content-encoding'] === 'gzip' && product.headers['content-encoding'] === 'gzip';
  }),
  'billing.compression.response_under_threshold': probe(async (t) => {
    const answer = await createCharge(
      t,
      { ...flatCharge, description: 'd'.repeat(500) },
      { 'accept-encoding': 'gzip' },
    );
    // Then exactly 1000 bytes, the largest size that must stay plain.
    const exact = await createCharge(
      t,
      { ...flatCharge, description: 'd'.repeat(500 + 1000 - answer.raw.length) },
      { 'accept-encoding': 'gzip' },
    );
    const plain = (reply: Answer) => reply.headers['content-encoding'] === undefined;
    return (
      answer.raw.length > 500 &&
      answer.raw.length <= 1000 &&
      plain(answer) &&
      exact.text.length === 1000 &&
      plain(exact)
    );
  }),
  'billing.compression.request_gzip': probe(async (t) => {
    return ok(
      await t.call('POST', '/commerce/charges', { headers: await t.catalogHeaders(), body: flatCharge, gzip: true }),
    );
  }),

  'billing.catalog.auth.missing': probe(async (t) => {
    const { authorization: _, ...headers } = await t.catalogHeaders();
    return (await t.call('POST', '/commerce/charges', { headers, body: flatCharge })).status === 401;
  }),
  'billing.catalog.auth.invalid': probe(async (t) => {
    const headers = await t.catalogHeaders({ authorization: 'Bearer not-a-real-token' });
    return (await t.call('POST', '/commerce/charges', { headers, body: flatCharge })).status === 401;
  }),
  'billing.catalog.status.documented': probe(async (t) => {
    const answer = await t.call('POST', '/commerce/charges/query', {
      headers: await t.catalogHeaders(),
      body: { attributes: {} },
    });
    return is400(answer) && answer.json?.success === false && (await createCharge(t)).status === 200;
  }),
  'billing.catalog.invalid_input.status': probe(async (t) => {
    const answers = await Promise.all(
      ['POST', 'PUT'].map(async (method) =>
        t.call(method, '/commerce/charges', { headers: await t.catalogHeaders(), body: '{"name": ' }),
      ),
    );
    return answers.every(is400);
  }),
  'billing.charges.create': probe(async (t) => {
    const answers = [await createCharge(t), await createCharge(t, tieredCharge)];
    return answers.every((answer) => ok(answer) && answer.json?.charge?.version === 1);
  }),
  'billing.charges.update.body_identifies': probe(async (t) => {
    const first = (await createCharge(t)).json.charge;
    await createCharge(t);
    const answer = await t.call('PUT', '/commerce/charges', {
      headers: await t.catalogHeaders(),
      body: { id: first.id, name: 'renamed' },
    });
    const unknown = await t.call('PUT', '/commerce/charges', {
      headers: await t.catalogHeaders(),
      body: { id: 'prpc_unknown', name: 'x' },
    });
    return answer.json?.charge?.id === first.id && is400(unknown);
  }),
  'billing.charges.update.rate_cards': probe(async (t) => {
    const { id } = (await createCharge(t)).json.charge;
    const row = { conditions: { region: 'updated-0' }, pricing: { currency: 'USD', amount: 7 } };
    await t.call('PUT', '/commerce/charges', { headers: await t.catalogHeaders(), body: { id, rateCards: [row] } });
    return (await query(t, id, { region: 'updated-0' })).json?.resolvedPricing?.amount === 7;
  }),
  'billing.charges.query.rate_card_match': probe(async (t) => {
    const id = await tieredChargeId(t);
    return id === undefined || (await query(t, id, { region: 'eu', tier: 'silver' })).json?.rateCardIndex === 1;
  }),
  'billing.charges.query.default_fallback': probe(async (t) => {
    const id = await tieredChargeId(t);
    if (id === undefined) return true;
    const answer = await query(t, id, { region: 'apac' });
    return (
      answer.json?.source === 'default' && answer.json.resolvedPricing?.amount === tieredCharge.defaultPricing.amount
    );
  }),
  'billing.charges.query.no_side_effects': probe(async (t) => {
    const id = await tieredChargeId(t);
    if (id === undefined) return true;
    await query(t, id, { region: 'eu' });
    return (await query(t, id, {})).json?.charge?.version === 1;
  }),
  'billing.products.create': probe(async (t) => {
    const answer = await t.call('POST', '/commerce/products', {
      headers: await t.catalogHeaders(),
      body: validProduct,
    });
    return ok(answer) && answer.json?.product?.plans?.[0]?.charges?.length === 3;
  }),
  'billing.products.plans.required': probe(async (t) =>
    is400(
      await t.call('POST', '/commerce/products', {
        headers: await t.catalogHeaders(),
        body: { ...validProduct, plans: [] },
      }),
    ),
  ),
  'billing.products.auth': probe(async (t) => {
    const { authorization: _, ...headers } = await t.catalogHeaders();
    return (await t.call('POST', '/commerce/products', { headers, body: validProduct })).status === 401;
  }),
  'billing.bodies.json': probe(async (t) => {
    const answer = await createCharge(t);
    return ok(answer) && answer.headers['content-type'] === 'application/json; charset=utf-8';
  }),
};

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * A small billing service written from document 1 for its headers (Svc-Track-Id at most 64 US-ASCII
 * characters without : ; " ', echoed on every answer; Idempotency-Key at most 255 on the POST catalog
 * operations, a retry not performed twice), the token operation, the three charge operations (PUT refusing a
 * missing or bad token with its 400 CommonResponse, "request errors or unauthorized") and product creation (one or
 * more plans),
 * independently of the bundled reference: a second proof of the header rules at both edges. The charge
 * records the document does not show take the harness's reference adapter's field names (charge.id,
 * defaultPricing, rateCards, chargeId + attributes); Dynamic Pricing resolves the first row whose every condition
 * matches, else the default pricing.
 */

export interface DocumentBillingOptions {
  clientId: string;
  clientSecret: string;
  /**
   * Multi-org: the orgs the client may name in Svc-Org-Ids; naming another is refused 401 (the document names no
   * status).
   */
  accessibleOrgs?: readonly string[];
  /**
   * The status of a refusal where the document shows none (the token operation lists only 200 and 429, products no
   * status at all): 400 by default; another (422, say) is the other choice the document allows.
   */
  refusalStatusNotShown?: number;
  /**
   * PUT adds the rate-card rows it is given to those the charge had instead of replacing them (the document does not
   * say which): false by default.
   */
  updateKeepsFormerRows?: boolean;
  /** Faults only a sequence of requests shows (the stateful phase's proof): none by default. */
  faults?: SequenceFaults;
}

/**
 * Faults of the kind only a sequence of requests shows (each single request behaves, and the planned probes pass): for
 * the stateful phase's own proof.
 */
export interface SequenceFaults {
  /**
   * Svc-Org-Ids naming an inaccessible org is refused once per operation and value: the same request again is served
   * with that org stripped (a refusal that changes state).
   */
  orgRefusalRemembered?: boolean;
  /** A refused request carrying an Idempotency-Key forgets what the key answered (a refusal that releases state). */
  refusalForgetsKey?: boolean;
  /** The query reads a pricing cache filled by a charge's first update and never refreshed by a later one. */
  pricingCachedAtFirstUpdate?: boolean;
  /** A query naming no charge is refused and makes one under that id: the same query again is served. */
  unknownQueryCreatesCharge?: boolean;
  /** A query with attributes keeps its first answer for the charge and those values, whatever a PUT brings later. */
  queryAnswerCached?: boolean;
  /** Issuing a token ends the tokens issued before it: a token stops working once another is issued. */
  tokenRevokedByNext?: boolean;
}

export interface DocumentBilling {
  baseUrl: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const trackIdForbidden = /[:;"']/;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first rate-card row whose every condition equals the attribute of that name ("the pricing of that row"). */
function matchingRow(rows: unknown, attributes: unknown): Json | undefined {
  if (!Array.isArray(rows) || !isObject(attributes)) return undefined;
  return rows.find(
    (row): row is Json =>
      isObject(row) &&
      isObject(row.conditions) &&
      Object.entries(row.conditions).every(([name, value]) => attributes[name] === value),
  );
}

export async function startDocumentBilling(options: DocumentBillingOptions): Promise<DocumentBilling> {
  const tokens = new Set<string>();
  const charges = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: Json }>();
  const faults = options.faults ?? {};
  const refusedOrgs = new Set<string>();
  const pricingCache = new Map<string, unknown>();
  // The query-answer fault's cache: a query's first answer per charge and attribute values.
  const answers = new Map<string, Json>();
  const mount = '/billing';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await requestBody(req);
    const rawTrackId = req.headers['svc-track-id'];
    const trackId = typeof rawTrackId === 'string' ? rawTrackId : undefined;
    const reply = (status: number, body: Json) => {
      const payload = JSON.stringify(body);
      // The trace identifier comes back on every answer, refusals included.
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(payload)),
        ...(trackId === undefined ? {} : { 'svc-track-id': trackId }),
      });
      res.end(payload);
    };
    const path = (req.url ?? '/').startsWith(mount) ? (req.url ?? '/').slice(mount.length) : (req.url ?? '/');
    const route = `${req.method} ${path}`;
    // The charge operations list 400 for a request error; the token and products rows show no refusal status.
    const shown = route !== 'POST /oauth/token' && route !== 'POST /commerce/products';
    const badRequest = (message: string) =>
      reply(shown ? 400 : (options.refusalStatusNotShown ?? 400), {
        success: false,
        reasons: [{ code: 'INVALID_VALUE', message }],
      });
    const known = [
      'POST /oauth/token',
      'POST /commerce/charges',
      'PUT /commerce/charges',
      'POST /commerce/charges/query',
      'POST /commerce/products',
    ];
    if (!known.includes(route)) return reply(404, { success: false, reasons: [{ code: 'NOT_FOUND', message: route }] });

    // Bytes beyond US-ASCII arrive as latin1 characters above 0x7f.
    if (
      trackId !== undefined &&
      (trackId.length > 64 || /[^\x20-\x7e]/.test(trackId) || trackIdForbidden.test(trackId))
    )
      return badRequest('Svc-Track-Id is at most 64 US-ASCII characters without : ; " \'');
    let body: unknown;
    let parseFailed = false;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      parseFailed = true;
    }

    if (route === 'POST /oauth/token') {
      if (
        req.headers.authorization !== undefined ||
        req.headers.apiaccesskeyid !== undefined ||
        req.headers.apisecretaccesskey !== undefined
      )
        return badRequest('no credentials header may accompany the token request');
      const entity = req.headers['svc-entity-ids'];
      if (
        entity !== undefined &&
        !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(String(entity))
      )
        return badRequest('Svc-Entity-Ids is a UUID with hyphens');
      if (
        !isObject(body) ||
        typeof body.client_id !== 'string' ||
        body.client_id.length !== 36 ||
        typeof body.client_secret !== 'string' ||
        body.client_secret.length > 42 ||
        body.grant_type !== 'client_credentials'
      )
        return badRequest('client_id, client_secret and grant_type client_credentials are required');
      if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret)
        return reply(401, { success: false, reasons: [{ code: 'INVALID_CLIENT', message: 'unknown client' }] });
      const token = randomBytes(24).toString('hex');
      // The fault: the client's earlier tokens end when another is issued.
      if (faults.tokenRevokedByNext) tokens.clear();
      tokens.add(token);
      return reply(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    // PUT answers 400 CommonResponse, which the document lists for "request errors or unauthorized"; the POSTs 401.
    if (!bearer || !tokens.has(bearer[1] as string))
      return reply(req.method === 'PUT' ? 400 : 401, {
        success: false,
        reasons: [{ code: 'UNAUTHORIZED', message: 'a valid bearer token is required' }],
      });
    const rawKey = req.headers['idempotency-key'];
    const key = req.method === 'POST' && typeof rawKey === 'string' ? rawKey : undefined;
    // The fault: a refusal of a request carrying a key forgets what the key answered.
    const refuse = (status: number, body: Json) => {
      if (faults.refusalForgetsKey && key !== undefined) replays.delete(`${route} ${key}`);
      return reply(status, body);
    };
    const orgIds = req.headers['svc-org-ids'];
    const outside =
      options.accessibleOrgs && typeof orgIds === 'string'
        ? orgIds.split(',').filter((org) => !options.accessibleOrgs?.includes(org.trim()))
        : [];
    // The fault: once refused, the same value on the same operation is served with its outside orgs stripped.
    const remembered = faults.orgRefusalRemembered && refusedOrgs.has(`${route} ${String(orgIds)}`);
    if (outside.length > 0 && !remembered) {
      refusedOrgs.add(`${route} ${String(orgIds)}`);
      return refuse(401, {
        success: false,
        reasons: [{ code: 'ORG_NOT_ACCESSIBLE', message: 'Svc-Org-Ids names an org the client may not access' }],
      });
    }
    if (key !== undefined && key.length > 255) return badRequest('Idempotency-Key is at most 255 characters');
    if (parseFailed)
      return refuse(400, { success: false, reasons: [{ code: 'INVALID_VALUE', message: 'the body is not JSON' }] });
    const replayed = key === undefined ? undefined : replays.get(`${route} ${key}`);
    if (replayed) return reply(replayed.status, replayed.body);
    if (!isObject(body))
      return refuse(400, {
        success: false,
        reasons: [{ code: 'INVALID_VALUE', message: 'the body is a JSON object' }],
      });

    let answer: { status: number; body: Json };
    if (route === 'POST /commerce/charges') {
      if (typeof body.name !== 'string' || body.name === '') return badRequest('name is required');
      const charge = { ...body, id: `chg-${randomUUID()}` };
      charges.set(charge.id, charge);
      answer = { status: 200, body: { charge } };
    } else if (route === 'PUT /commerce/charges') {
      const existing = typeof body.id === 'string' ? charges.get(body.id) : undefined;
      if (!existing) return badRequest('id names no charge');
      const kept = options.updateKeepsFormerRows && Array.isArray(existing.rateCards) ? existing.rateCards : [];
      const rateCards = Array.isArray(body.rateCards) ? [...body.rateCards, ...kept] : existing.rateCards;
      const charge: Json = { ...existing, ...body, rateCards };
      charges.set(existing.id as string, charge);
      // The fault: the pricing cache is filled by a charge's first update only.
      if (faults.pricingCachedAtFirstUpdate && !pricingCache.has(charge.id as string))
        pricingCache.set(charge.id as string, charge.defaultPricing);
      answer = { status: 200, body: { charge } };
    } else if (route === 'POST /commerce/products') {
      // "A product with one or more plans"; its record is the harness adapter's (the document shows none).
      if (typeof body.name !== 'string' || !Array.isArray(body.plans) || body.plans.length === 0)
        return badRequest('a product has a name and one or more plans');
      answer = { status: 200, body: { product: { ...body, id: `prd-${randomUUID()}` } } };
    } else {
      const charge = typeof body.chargeId === 'string' ? charges.get(body.chargeId) : undefined;
      if (!charge) {
        // The fault: the refused query leaves a charge behind.
        if (faults.unknownQueryCreatesCharge && typeof body.chargeId === 'string')
          charges.set(body.chargeId, { id: body.chargeId, name: body.chargeId, rateCards: [] });
        return badRequest('chargeId names no charge');
      }
      const asked = `${String(charge.id)} ${JSON.stringify(body.attributes ?? {})}`;
      const cached = faults.queryAnswerCached && isObject(body.attributes) && Object.keys(body.attributes).length > 0;
      const earlier = cached ? answers.get(asked) : undefined;
      if (earlier) return reply(200, earlier);
      // The fault's cache holds the default pricing only: a matching row still wins.
      const fallback = pricingCache.has(charge.id as string)
        ? pricingCache.get(charge.id as string)
        : charge.defaultPricing;
      const pricing = matchingRow(charge.rateCards, body.attributes)?.pricing ?? fallback;
      answer = { status: 200, body: { charge, resolvedPricing: (pricing as Json | undefined) ?? null } };
      if (cached) answers.set(asked, answer.body);
    }
    if (key !== undefined) replays.set(`${route} ${key}`, answer);
    reply(answer.status, answer.body);
  };

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"success":false}');
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}${mount}`,
    close: server.close,
  };
}

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * A small billing service written from document 1 for its headers (Svc-Track-Id at most 64 US-ASCII
 * characters without : ; " ', echoed on every answer; Idempotency-Key at most 255 on the POST catalog
 * operations, a retry not performed twice), the token operation and the three charge operations (PUT refusing a
 * missing or bad token with its 400 CommonResponse, "request errors or unauthorized"),
 * independently of the bundled reference: a second proof of the header rules at both edges. The charge
 * records the document does not show take the harness's reference adapter's field names (charge.id,
 * defaultPricing, rateCards, chargeId + attributes); Dynamic Pricing itself is kept to what the header rules need.
 */

export interface DocumentBillingOptions {
  clientId: string;
  clientSecret: string;
  /**
   * Multi-org: the orgs the client may name in Svc-Org-Ids; naming another is refused 401 (the document names no
   * status).
   */
  accessibleOrgs?: readonly string[];
}

export interface DocumentBilling {
  baseUrl: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const trackIdForbidden = /[:;"']/;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function startDocumentBilling(options: DocumentBillingOptions): Promise<DocumentBilling> {
  const tokens = new Set<string>();
  const charges = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: Json }>();
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
    const badRequest = (message: string) =>
      reply(400, { success: false, reasons: [{ code: 'INVALID_VALUE', message }] });
    const path = (req.url ?? '/').startsWith(mount) ? (req.url ?? '/').slice(mount.length) : (req.url ?? '/');
    const route = `${req.method} ${path}`;
    const known = [
      'POST /oauth/token',
      'POST /commerce/charges',
      'PUT /commerce/charges',
      'POST /commerce/charges/query',
    ];
    if (!known.includes(route)) return reply(404, { success: false, reasons: [{ code: 'NOT_FOUND', message: route }] });

    // Bytes beyond US-ASCII arrive as latin1 characters above 0x7f.
    if (
      trackId !== undefined &&
      (trackId.length > 64 || /[^\x20-\x7e]/.test(trackId) || trackIdForbidden.test(trackId))
    )
      return badRequest('Svc-Track-Id is at most 64 US-ASCII characters without : ; " \'');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return badRequest('the body is not JSON');
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
    const orgIds = req.headers['svc-org-ids'];
    if (
      options.accessibleOrgs &&
      typeof orgIds === 'string' &&
      orgIds.split(',').some((org) => !options.accessibleOrgs?.includes(org.trim()))
    ) {
      return reply(401, {
        success: false,
        reasons: [{ code: 'ORG_NOT_ACCESSIBLE', message: 'Svc-Org-Ids names an org the client may not access' }],
      });
    }
    const rawKey = req.headers['idempotency-key'];
    const key = req.method === 'POST' && typeof rawKey === 'string' ? rawKey : undefined;
    if (key !== undefined && key.length > 255) return badRequest('Idempotency-Key is at most 255 characters');
    const replayed = key === undefined ? undefined : replays.get(`${route} ${key}`);
    if (replayed) return reply(replayed.status, replayed.body);
    if (!isObject(body)) return badRequest('the body is a JSON object');

    let answer: { status: number; body: Json };
    if (route === 'POST /commerce/charges') {
      if (typeof body.name !== 'string' || body.name === '') return badRequest('name is required');
      const charge = { ...body, id: `chg-${randomUUID()}` };
      charges.set(charge.id, charge);
      answer = { status: 200, body: { charge } };
    } else if (route === 'PUT /commerce/charges') {
      const existing = typeof body.id === 'string' ? charges.get(body.id) : undefined;
      if (!existing) return badRequest('id names no charge');
      const charge = { ...existing, ...body };
      charges.set(existing.id as string, charge);
      answer = { status: 200, body: { charge } };
    } else {
      const charge = typeof body.chargeId === 'string' ? charges.get(body.chargeId) : undefined;
      if (!charge) return badRequest('chargeId names no charge');
      answer = { status: 200, body: { charge, resolvedPricing: (charge.defaultPricing as Json | undefined) ?? null } };
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

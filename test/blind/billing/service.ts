/**
 * Blind implementation of the billing interface of spec document 1 (/work/shared/spec/1-billing.md):
 * OAuth token creation plus the product-catalog charge (Dynamic Pricing) and product operations.
 *
 * Everything the document leaves open is recorded in CHOICES.md next to this file; comments below cite the
 * sentence of the document a behaviour rests on.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.billing` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_BILLING_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Constants (limits the document states, then our own bounds)
// ---------------------------------------------------------------------------------------------------------------

/** Path prefix under which {base_url} is served. */
const PREFIX = '/zb-catalog';

/** "client_id | string | Exactly 36 characters." */
const CLIENT_ID_LENGTH = 36;
/** "client_secret | string | At most 42 characters." */
const CLIENT_SECRET_MAX = 42;
/** "Svc-Track-Id | string, max 64" */
const TRACK_ID_MAX = 64;
/** "Idempotency-Key | string, max 255" */
const IDEMPOTENCY_KEY_MAX = 255;
/** "Value `gzip` makes the service compress responses larger than 1000 bytes" */
const GZIP_THRESHOLD_BYTES = 1000;

// Our choices (the document says "numeric rates ... not shown" and "Token lifetime ... not shown").
const TOKEN_TTL_SECONDS = 1800;
const TOKEN_RATE_PER_WINDOW = 50;
const TOKEN_RATE_WINDOW_MS = 1000;

// Memory bounds.
const MAX_TOKENS = 20_000;
const MAX_RATE_LIMITED_IPS = 4096;
const MAX_TOKEN_BODY_BYTES = 16 * 1024;
const MAX_RAW_BODY_BYTES = 1024 * 1024;
const MAX_INFLATED_BODY_BYTES = 1024 * 1024;
const MAX_CHARGES = 5000;
const CHARGE_BYTES_BUDGET = 32 * 1024 * 1024;
const MAX_PRODUCTS = 2000;
const PRODUCT_BYTES_BUDGET = 16 * 1024 * 1024;
const MAX_IDEMPOTENCY_ENTRIES = 2000;
const IDEMPOTENCY_BYTES_BUDGET = 16 * 1024 * 1024;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

// Field bounds of the catalog records (the records are "not shown"; bounds are ours).
const NAME_MAX = 255;
const DESCRIPTION_MAX = 32_768;
const MAX_RATE_CARDS = 500;
const MAX_CONDITIONS_PER_CARD = 20;
const MAX_QUERY_ATTRIBUTES = 200;
const ATTRIBUTE_NAME_MAX = 255;
const ATTRIBUTE_VALUE_MAX = 1024;
const MAX_AMOUNT = 1e12;
const MAX_PLANS = 20;
const MAX_CHARGES_PER_PLAN = 50;
const UNIT_OF_MEASURE_MAX = 64;
const MAX_ORG_IDS_IN_HEADER = 50;

const CHARGE_MODELS = ['PerUnit', 'Tiered', 'Volume', 'FlatFee'] as const;
type ChargeModel = (typeof CHARGE_MODELS)[number];
const PRODUCT_CHARGE_MODELS = ['usage', 'recurring', 'oneTime', 'other'] as const;
type ProductChargeModel = (typeof PRODUCT_CHARGE_MODELS)[number];

const UUID_WITH_HYPHENS = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;

// ---------------------------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------------------------

interface Pricing {
  currency: string;
  amount: number;
}

interface RateCard {
  id: string;
  conditions: Record<string, string>;
  pricing: Pricing;
}

interface Charge {
  id: string;
  number: string;
  name: string;
  description: string | null;
  chargeModel: ChargeModel;
  defaultPricing: Pricing | null;
  rateCards: RateCard[];
  /** Orgs the charge belongs to: the org context it was created in (Svc-Org-Ids, or all accessible orgs). */
  orgIds: string[];
  productId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  approxBytes: number;
}

interface ProductCharge {
  id: string;
  name: string;
  model: ProductChargeModel;
  pricing: Pricing;
  unitOfMeasure: string | null;
  billingPeriod: string | null;
}

interface Plan {
  id: string;
  name: string;
  charges: ProductCharge[];
}

interface Product {
  id: string;
  number: string;
  name: string;
  description: string | null;
  plans: Plan[];
  orgIds: string[];
  createdAt: string;
  approxBytes: number;
}

interface Tenant {
  multiEntity: boolean;
  tokenEntityScope: 'single' | 'multiple';
  entityIds: string[];
  multiOrg: boolean;
  accessibleOrgs: string[];
  inaccessibleOrgs: string[];
}

interface IssuedToken {
  clientId: string;
  expiresAt: number;
}

interface StoredOutcome {
  fingerprint: string;
  status: number;
  body: Record<string, unknown>;
  expiresAt: number;
  bytes: number;
}

interface State {
  clientId: string;
  clientSecret: string;
  tenant: Tenant;
  tokens: Map<string, IssuedToken>;
  rateLog: Map<string, number[]>;
  charges: Map<string, Charge>;
  chargeBytes: number;
  chargeCounter: number;
  products: Map<string, Product>;
  productBytes: number;
  productCounter: number;
  idempotency: Map<string, StoredOutcome>;
  idempotencyBytes: number;
  processCounter: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Request problems and their error records
// ---------------------------------------------------------------------------------------------------------------

type ProblemKind = 'missing' | 'invalid' | 'notFound' | 'permission' | 'conflict' | 'rule';

class RequestProblem extends Error {
  readonly kind: ProblemKind;
  readonly field: string | undefined;

  constructor(kind: ProblemKind, message: string, field?: string) {
    super(message);
    this.kind = kind;
    this.field = field;
  }
}

const missing = (field: string): RequestProblem => new RequestProblem('missing', `'${field}' is required.`, field);
const invalid = (field: string, message: string): RequestProblem => new RequestProblem('invalid', message, field);

/** ProxyBadRequestResponse codes (string codes, in the style of the product's proxy error records). */
const PROXY_CODES: Record<ProblemKind, string> = {
  missing: 'MISSING_REQUIRED_VALUE',
  invalid: 'INVALID_VALUE',
  notFound: 'INVALID_ID',
  permission: 'PERMISSION_DENIED',
  conflict: 'IDEMPOTENCY_KEY_REUSED',
  rule: 'RULE_RESTRICTION',
};

/** Two-digit error categories of the product's eight-digit codes, used in CommonResponse / ErrorResponse. */
const CATEGORY: Record<ProblemKind, number> = {
  permission: 10,
  invalid: 20,
  missing: 22,
  rule: 30,
  notFound: 40,
  conflict: 50,
};
/** Six-digit resource code we use for the product rate plan charge (ours). */
const CHARGE_RESOURCE_CODE = 581_200;
const INTERNAL_CATEGORY = 60;

function proxyBadRequest(problem: RequestProblem): Record<string, unknown> {
  const error: Record<string, unknown> = { Code: PROXY_CODES[problem.kind], Message: problem.message };
  if (problem.field !== undefined) error.Field = problem.field;
  return { Success: false, Errors: [error] };
}

function commonResponse(problem: RequestProblem): Record<string, unknown> {
  const reason: Record<string, unknown> = {
    code: CHARGE_RESOURCE_CODE * 100 + CATEGORY[problem.kind],
    message: problem.message,
  };
  if (problem.field !== undefined) reason.field = problem.field;
  return { success: false, reasons: [reason] };
}

function errorResponse(message: string): Record<string, unknown> {
  return { success: false, reasons: [{ code: CHARGE_RESOURCE_CODE * 100 + INTERNAL_CATEGORY, message }] };
}

/** ProxyUnauthorizedResponse: a message, as in the product's record. */
function proxyUnauthorized(message: string): Record<string, unknown> {
  return { message };
}

// ---------------------------------------------------------------------------------------------------------------
// Per-request context and response writing
// ---------------------------------------------------------------------------------------------------------------

interface Ctx {
  state: State;
  req: IncomingMessage;
  res: ServerResponse;
  /** Valid Svc-Track-Id to echo ("When sent, the same value is returned in the response headers"). */
  trackId: string | undefined;
  /** Why the Svc-Track-Id is invalid, when it is. */
  trackIdProblem: string | undefined;
  /** Catalog operations honour Accept-Encoding (Limits: compression threshold applies to "catalog operations"). */
  catalog: boolean;
  acceptsGzip: boolean;
  closeConnection: boolean;
}

function newProcessId(state: State): string {
  // A new value on every answer: a wrapping counter makes two answers in a row differ even if the random part collided.
  state.processCounter = (state.processCounter + 1) % 0x1000000;
  return `${state.processCounter.toString(16).padStart(6, '0')}${randomBytes(5).toString('hex')}`.toUpperCase();
}

function send(ctx: Ctx, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  const { res } = ctx;
  if (res.headersSent || res.writableEnded) return;
  const payload = { ...body, processId: newProcessId(ctx.state) };
  let buf: Buffer = Buffer.from(JSON.stringify(payload), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (ctx.trackId !== undefined) res.setHeader('Svc-Track-Id', ctx.trackId);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (ctx.catalog) {
    res.setHeader('Vary', 'Accept-Encoding');
    // "Value gzip makes the service compress responses larger than 1000 bytes; the response then carries a
    // Content-Encoding header naming the algorithm."
    if (ctx.acceptsGzip && buf.length > GZIP_THRESHOLD_BYTES) {
      buf = gzipSync(buf);
      res.setHeader('Content-Encoding', 'gzip');
    }
  }
  if (ctx.closeConnection) res.setHeader('Connection', 'close');
  res.setHeader('Content-Length', String(buf.length));
  res.end(buf);
}

function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let gzipQ: number | undefined;
  let starQ: number | undefined;
  for (const part of header.split(',')) {
    const [codingRaw = '', ...params] = part.split(';');
    const coding = codingRaw.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const [k = '', v = ''] = p.split('=');
      if (k.trim().toLowerCase() === 'q') {
        const parsed = Number(v.trim());
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (coding === 'gzip' || coding === 'x-gzip') gzipQ = Math.max(gzipQ ?? 0, q);
    else if (coding === '*') starQ = q;
  }
  if (gzipQ !== undefined) return gzipQ > 0;
  return starQ !== undefined && starQ > 0;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join(', ') : v;
}

/** "US-ASCII only; must not contain colon, semicolon, double quote or single quote." and "max 64". */
function trackIdProblem(value: string): string | undefined {
  if (value.length > TRACK_ID_MAX) return `Svc-Track-Id must be at most ${TRACK_ID_MAX} characters.`;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code > 0x7e) return 'Svc-Track-Id must use printable US-ASCII characters only.';
    if (ch === ':' || ch === ';' || ch === '"' || ch === "'") {
      return 'Svc-Track-Id must not contain a colon, semicolon, double quote or single quote.';
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Body reading
// ---------------------------------------------------------------------------------------------------------------

type BodyOutcome = { ok: true; buf: Buffer } | { ok: false; reason: 'tooLarge' | 'aborted' };

function readBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: BodyOutcome): void => {
      if (done) return;
      done = true;
      resolve(outcome);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish({ ok: false, reason: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish({ ok: true, buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) finish({ ok: false, reason: 'aborted' });
    });
  });
}

function mediaType(req: IncomingMessage): string | undefined {
  const ct = headerValue(req, 'content-type');
  if (ct === undefined) return undefined;
  return (ct.split(';')[0] ?? '').trim().toLowerCase();
}

function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Reads a catalog request body, honouring Content-Encoding: gzip ("the request payload is uploaded as a gzipped file"). */
async function readCatalogJson(ctx: Ctx): Promise<Record<string, unknown>> {
  const encodingHeader = headerValue(ctx.req, 'content-encoding');
  const encoding = encodingHeader?.trim().toLowerCase();
  const gzipped = encoding === 'gzip' || encoding === 'x-gzip';
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity' && !gzipped) {
    throw invalid('Content-Encoding', 'Content-Encoding must be gzip (or absent for a plain JSON payload).');
  }
  const type = mediaType(ctx.req);
  // A gzipped upload is a "gzipped file": its Content-Type may name JSON or a file type; a plain one must be JSON.
  if (!gzipped && type !== undefined && !isJsonMediaType(type)) {
    throw invalid('Content-Type', 'The request body must be JSON (application/json).');
  }
  const outcome = await readBody(ctx.req, MAX_RAW_BODY_BYTES);
  if (!outcome.ok) {
    if (outcome.reason === 'tooLarge') {
      ctx.closeConnection = true;
      throw new RequestProblem('rule', `The request body must be at most ${MAX_RAW_BODY_BYTES} bytes.`);
    }
    throw new RequestProblem('invalid', 'The request body could not be read.');
  }
  let raw = outcome.buf;
  if (gzipped) {
    try {
      raw = gunzipSync(raw, { maxOutputLength: MAX_INFLATED_BODY_BYTES });
    } catch {
      throw invalid('Content-Encoding', 'The payload is not a valid gzip stream within the size limit.');
    }
  }
  return parseJsonObject(raw);
}

function parseJsonObject(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) throw new RequestProblem('missing', 'A JSON request body is required.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new RequestProblem('invalid', 'The request body is not valid JSON.');
  }
  if (!isPlainObject(parsed)) throw new RequestProblem('invalid', 'The request body must be a JSON object.');
  return parsed;
}

// ---------------------------------------------------------------------------------------------------------------
// Field validation helpers
// ---------------------------------------------------------------------------------------------------------------

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hasControlChars(s: string): boolean {
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function requireText(obj: Record<string, unknown>, key: string, field: string, max: number): string {
  const v = obj[key];
  if (v === undefined || v === null) throw missing(field);
  if (typeof v !== 'string') throw invalid(field, `'${field}' must be a string.`);
  if (v.trim().length === 0) throw invalid(field, `'${field}' must not be blank.`);
  if (v.length > max) throw invalid(field, `'${field}' must be at most ${max} characters.`);
  return v;
}

function optionalText(obj: Record<string, unknown>, key: string, field: string, max: number): string | null {
  const v = obj[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalid(field, `'${field}' must be a string.`);
  if (v.length > max) throw invalid(field, `'${field}' must be at most ${max} characters.`);
  return v;
}

function parsePricing(v: unknown, field: string): Pricing {
  if (v === undefined || v === null) throw missing(field);
  if (!isPlainObject(v)) throw invalid(field, `'${field}' must be an object with currency and amount.`);
  const currency = v.currency;
  if (currency === undefined || currency === null) throw missing(`${field}.currency`);
  if (typeof currency !== 'string' || !CURRENCY_CODE.test(currency)) {
    throw invalid(`${field}.currency`, `'${field}.currency' must be a three-letter upper-case ISO 4217 code.`);
  }
  const amount = v.amount;
  if (amount === undefined || amount === null) throw missing(`${field}.amount`);
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT) {
    throw invalid(`${field}.amount`, `'${field}.amount' must be a number between 0 and ${MAX_AMOUNT}.`);
  }
  return { currency, amount };
}

/** Copies an attribute map (name -> value string) into a prototype-free record, validating every entry. */
function parseAttributeMap(v: unknown, field: string, minEntries: number, maxEntries: number): Record<string, string> {
  if (v === undefined || v === null) throw missing(field);
  if (!isPlainObject(v)) throw invalid(field, `'${field}' must be an object of attribute name to value string.`);
  const entries = Object.entries(v);
  if (entries.length < minEntries) throw invalid(field, `'${field}' must name at least ${minEntries} attribute(s).`);
  if (entries.length > maxEntries) throw invalid(field, `'${field}' must name at most ${maxEntries} attributes.`);
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of entries) {
    if (name.trim().length === 0 || name.length > ATTRIBUTE_NAME_MAX || hasControlChars(name)) {
      throw invalid(field, `Attribute names in '${field}' must be 1 to ${ATTRIBUTE_NAME_MAX} printable characters.`);
    }
    if (typeof value !== 'string') throw invalid(`${field}.${name}`, `'${field}.${name}' must be a string.`);
    if (value.length > ATTRIBUTE_VALUE_MAX) {
      throw invalid(`${field}.${name}`, `'${field}.${name}' must be at most ${ATTRIBUTE_VALUE_MAX} characters.`);
    }
    out[name] = value;
  }
  return out;
}

function parseRateCards(v: unknown, field: string): Omit<RateCard, 'id'>[] {
  if (v === undefined || v === null) throw missing(field);
  if (!Array.isArray(v)) throw invalid(field, `'${field}' must be an array of rate cards.`);
  if (v.length > MAX_RATE_CARDS) throw invalid(field, `'${field}' must hold at most ${MAX_RATE_CARDS} rate cards.`);
  return v.map((card: unknown, i) => {
    const at = `${field}[${i}]`;
    if (!isPlainObject(card)) throw invalid(at, `'${at}' must be an object with conditions and pricing.`);
    return {
      conditions: parseAttributeMap(card.conditions, `${at}.conditions`, 1, MAX_CONDITIONS_PER_CARD),
      pricing: parsePricing(card.pricing, `${at}.pricing`),
    };
  });
}

function parseEnum<T extends string>(v: unknown, field: string, allowed: readonly T[]): T {
  if (v === undefined || v === null) throw missing(field);
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw invalid(field, `'${field}' must be one of: ${allowed.join(', ')}.`);
  }
  return v as T;
}

// ---------------------------------------------------------------------------------------------------------------
// Bounded stores
// ---------------------------------------------------------------------------------------------------------------

function newId(): string {
  return randomBytes(16).toString('hex');
}

function storeCharge(state: State, charge: Charge): void {
  const previous = state.charges.get(charge.id);
  if (previous) state.chargeBytes -= previous.approxBytes;
  state.charges.set(charge.id, charge);
  state.chargeBytes += charge.approxBytes;
  // Oldest first: Map keeps insertion order.
  for (const [id, old] of state.charges) {
    if (state.charges.size <= MAX_CHARGES && state.chargeBytes <= CHARGE_BYTES_BUDGET) break;
    if (id === charge.id) continue;
    state.charges.delete(id);
    state.chargeBytes -= old.approxBytes;
  }
}

function storeProduct(state: State, product: Product): void {
  state.products.set(product.id, product);
  state.productBytes += product.approxBytes;
  for (const [id, old] of state.products) {
    if (state.products.size <= MAX_PRODUCTS && state.productBytes <= PRODUCT_BYTES_BUDGET) break;
    if (id === product.id) continue;
    state.products.delete(id);
    state.productBytes -= old.approxBytes;
  }
}

function approxSize(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8') + 256;
}

function recomputeChargeSize(charge: Charge): void {
  charge.approxBytes = approxSize({ ...charge, approxBytes: 0 });
}

// ---------------------------------------------------------------------------------------------------------------
// Token operation: POST /oauth/token
// ---------------------------------------------------------------------------------------------------------------

function clientIp(req: IncomingMessage): string {
  const ip = req.socket.remoteAddress ?? 'unknown';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/** "Requests are rate limited by caller IP address; a 429 response means the request frequency must be reduced." */
function tokenRateAllows(state: State, ip: string, now: number): boolean {
  let log = state.rateLog.get(ip);
  if (!log) {
    if (state.rateLog.size >= MAX_RATE_LIMITED_IPS) {
      const oldest = state.rateLog.keys().next();
      if (!oldest.done) state.rateLog.delete(oldest.value);
    }
    log = [];
    state.rateLog.set(ip, log);
  }
  const cutoff = now - TOKEN_RATE_WINDOW_MS;
  while (log.length > 0 && (log[0] ?? 0) <= cutoff) log.shift();
  if (log.length >= TOKEN_RATE_PER_WINDOW) return false;
  log.push(now);
  return true;
}

function tokenError(
  ctx: Ctx,
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): void {
  send(ctx, status, { error, error_description: description }, { 'Cache-Control': 'no-store', ...headers });
}

function secretsEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}

async function readTokenFields(ctx: Ctx): Promise<Record<string, unknown> | string> {
  const type = mediaType(ctx.req);
  const outcome = await readBody(ctx.req, MAX_TOKEN_BODY_BYTES);
  if (!outcome.ok) {
    if (outcome.reason === 'tooLarge') ctx.closeConnection = true;
    return 'The token request body is too large or could not be read.';
  }
  // The document: "Token request (JSON body, all three fields required)". The product's own form encoding is also
  // understood (a superset; see CHOICES.md).
  if (type === 'application/x-www-form-urlencoded') {
    const params = new URLSearchParams(outcome.buf.toString('utf8'));
    const fields: Record<string, unknown> = {};
    for (const key of ['client_id', 'client_secret', 'grant_type']) {
      const values = params.getAll(key);
      if (values.length > 1) return `'${key}' must be sent once.`;
      if (values.length === 1) fields[key] = values[0];
    }
    return fields;
  }
  if (type !== undefined && !isJsonMediaType(type)) return 'The token request body must be JSON (application/json).';
  try {
    return parseJsonObject(outcome.buf);
  } catch (e) {
    return e instanceof RequestProblem ? e.message : 'The token request body is not valid JSON.';
  }
}

async function handleToken(ctx: Ctx): Promise<void> {
  const { state, req } = ctx;
  const now = Date.now();
  if (!tokenRateAllows(state, clientIp(req), now)) {
    // "429 with an unspecified body" — ours is an OAuth-style error record.
    tokenError(ctx, 429, 'too_many_requests', 'Token requests from this address are too frequent; retry later.', {
      'Retry-After': '1',
    });
    return;
  }
  // "No Authorization, apiAccessKeyId or apiSecretAccessKey header may be set."
  for (const forbidden of ['Authorization', 'apiAccessKeyId', 'apiSecretAccessKey']) {
    if (req.headers[forbidden.toLowerCase()] !== undefined) {
      tokenError(ctx, 400, 'invalid_request', `The ${forbidden} header must not be set on the token operation.`);
      return;
    }
  }
  if (ctx.trackIdProblem !== undefined) {
    tokenError(ctx, 400, 'invalid_request', ctx.trackIdProblem);
    return;
  }
  // "On the token operation it must be a 36-character UUID with hyphens".
  const entity = headerValue(req, 'svc-entity-ids');
  if (entity !== undefined && !UUID_WITH_HYPHENS.test(entity.trim())) {
    tokenError(ctx, 400, 'invalid_request', 'Svc-Entity-Ids must be a 36-character UUID with hyphens.');
    return;
  }

  const fields = await readTokenFields(ctx);
  if (typeof fields === 'string') {
    tokenError(ctx, 400, 'invalid_request', fields);
    return;
  }
  // "all three fields required"
  for (const key of ['client_id', 'client_secret', 'grant_type']) {
    if (fields[key] === undefined || fields[key] === null) {
      tokenError(ctx, 400, 'invalid_request', `'${key}' is required.`);
      return;
    }
    if (typeof fields[key] !== 'string') {
      tokenError(ctx, 400, 'invalid_request', `'${key}' must be a string.`);
      return;
    }
  }
  const clientId = fields.client_id as string;
  const clientSecret = fields.client_secret as string;
  const grantType = fields.grant_type as string;
  if (clientId.length !== CLIENT_ID_LENGTH) {
    tokenError(ctx, 400, 'invalid_request', `'client_id' must be exactly ${CLIENT_ID_LENGTH} characters.`);
    return;
  }
  if (clientSecret.length === 0 || clientSecret.length > CLIENT_SECRET_MAX) {
    tokenError(ctx, 400, 'invalid_request', `'client_secret' must be 1 to ${CLIENT_SECRET_MAX} characters.`);
    return;
  }
  if (grantType !== 'client_credentials') {
    tokenError(ctx, 400, 'unsupported_grant_type', "'grant_type' must be client_credentials.");
    return;
  }
  const idOk = secretsEqual(clientId, state.clientId);
  const secretOk = secretsEqual(clientSecret, state.clientSecret);
  if (!idOk || !secretOk) {
    tokenError(ctx, 401, 'invalid_client', 'Client authentication failed.');
    return;
  }
  const accessToken = issueToken(state, clientId, now);
  send(
    ctx,
    200,
    {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: TOKEN_TTL_SECONDS,
      scope: ['catalog.read', 'catalog.write', ...state.tenant.accessibleOrgs.map((org) => `org.${org}`)].join(' '),
      jti: newId(),
    },
    { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  );
}

function issueToken(state: State, clientId: string, now: number): string {
  if (state.tokens.size >= MAX_TOKENS) {
    for (const [t, info] of state.tokens) if (info.expiresAt <= now) state.tokens.delete(t);
    while (state.tokens.size >= MAX_TOKENS) {
      const oldest = state.tokens.keys().next();
      if (oldest.done) break;
      state.tokens.delete(oldest.value);
    }
  }
  const token = randomBytes(24).toString('base64url');
  state.tokens.set(token, { clientId, expiresAt: now + TOKEN_TTL_SECONDS * 1000 });
  return token;
}

// ---------------------------------------------------------------------------------------------------------------
// Catalog operations: common prelude
// ---------------------------------------------------------------------------------------------------------------

type Operation = 'createCharge' | 'updateCharge' | 'queryCharge' | 'createProduct';

interface CatalogRequest {
  op: Operation;
  clientId: string;
  /** The org context: Svc-Org-Ids, or "all the user's accessible orgs" when absent. */
  orgs: string[];
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
  bodyFingerprint: string;
}

/** "Catalog operations use the bearer scheme: the token is sent in the Authorization header as Bearer <ACCESS_TOKEN>." */
function authenticate(state: State, req: IncomingMessage): { clientId: string } | { error: string } {
  const header = headerValue(req, 'authorization');
  if (header === undefined) return { error: 'Authentication error: a bearer token is required.' };
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(header);
  const token = match?.[1];
  if (token === undefined) return { error: 'Authentication error: the Authorization header must be Bearer <token>.' };
  const info = state.tokens.get(token);
  if (!info) return { error: 'Authentication error: the bearer token is not valid.' };
  if (info.expiresAt <= Date.now()) {
    state.tokens.delete(token);
    return { error: 'Authentication error: the bearer token has expired.' };
  }
  return { clientId: info.clientId };
}

/** Svc-Org-Ids: "The IDs must be a subset of the user's accessible orgs; naming an inaccessible org makes the operation fail." */
function resolveOrgContext(tenant: Tenant, header: string | undefined): string[] {
  if (header === undefined) return [...tenant.accessibleOrgs];
  if (!tenant.multiOrg) {
    throw invalid('Svc-Org-Ids', 'Svc-Org-Ids must not be set: multi-org is not enabled for this tenant.');
  }
  const ids = header.split(',').map((s) => s.trim());
  if (ids.some((id) => id.length === 0)) {
    throw invalid('Svc-Org-Ids', 'Svc-Org-Ids must be a comma-separated list of non-empty org IDs.');
  }
  if (ids.length > MAX_ORG_IDS_IN_HEADER) {
    throw invalid('Svc-Org-Ids', `Svc-Org-Ids may name at most ${MAX_ORG_IDS_IN_HEADER} orgs.`);
  }
  for (const id of ids) {
    if (!tenant.accessibleOrgs.includes(id)) {
      throw new RequestProblem('permission', `The org '${id}' is not accessible to this user.`, 'Svc-Org-Ids');
    }
  }
  return [...new Set(ids)];
}

/** Svc-Entity-Ids on catalog operations: "must not be set when the token is valid for a single entity or multi-entity is not enabled". */
function checkEntityHeader(tenant: Tenant, header: string | undefined): void {
  const needsHeader = tenant.multiEntity && tenant.tokenEntityScope === 'multiple';
  if (!needsHeader) {
    if (header !== undefined) {
      throw invalid(
        'Svc-Entity-Ids',
        'Svc-Entity-Ids must not be set: multi-entity is not enabled or the token is valid for a single entity.',
      );
    }
    return;
  }
  if (header === undefined) throw missing('Svc-Entity-Ids');
  if (!tenant.entityIds.includes(header.trim())) {
    throw new RequestProblem('permission', 'The entity is not accessible to this token.', 'Svc-Entity-Ids');
  }
}

function checkIdempotencyKey(op: Operation, header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  // "Only for idempotent POST or PATCH requests ... Listed on the POST catalog operations, not on PUT."
  if (op === 'updateCharge') {
    throw invalid('Idempotency-Key', 'Idempotency-Key is only accepted on POST operations.');
  }
  if (header.length === 0 || header.length > IDEMPOTENCY_KEY_MAX) {
    throw invalid('Idempotency-Key', `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`);
  }
  return header;
}

function renderProblem(ctx: Ctx, op: Operation, problem: RequestProblem): void {
  // Errors table: PUT answers 400 with CommonResponse; the POST operations answer 400 with ProxyBadRequestResponse.
  send(ctx, 400, op === 'updateCharge' ? commonResponse(problem) : proxyBadRequest(problem));
}

async function handleCatalog(ctx: Ctx, op: Operation): Promise<void> {
  const { state, req } = ctx;
  ctx.catalog = true;
  ctx.acceptsGzip = acceptsGzip(headerValue(req, 'accept-encoding'));

  const auth = authenticate(state, req);
  if ('error' in auth) {
    send(ctx, 401, proxyUnauthorized(auth.error), { 'WWW-Authenticate': 'Bearer realm="catalog"' });
    return;
  }
  let request: CatalogRequest;
  try {
    if (ctx.trackIdProblem !== undefined) throw invalid('Svc-Track-Id', ctx.trackIdProblem);
    checkEntityHeader(state.tenant, headerValue(req, 'svc-entity-ids'));
    const orgs = resolveOrgContext(state.tenant, headerValue(req, 'svc-org-ids'));
    const idempotencyKey = checkIdempotencyKey(op, headerValue(req, 'idempotency-key'));
    const body = await readCatalogJson(ctx);
    const bodyFingerprint = createHash('sha256')
      .update(`${op}\n${JSON.stringify(body)}`)
      .digest('hex');
    request = { op, clientId: auth.clientId, orgs, idempotencyKey, body, bodyFingerprint };
  } catch (e) {
    if (e instanceof RequestProblem) {
      renderProblem(ctx, op, e);
      return;
    }
    throw e;
  }
  if (ctx.req.destroyed && !ctx.req.complete) return;

  // "Retries carrying the same value are recognised and the operation is not performed twice."
  const idemKey =
    request.idempotencyKey === undefined ? undefined : `${request.clientId}\n${op}\n${request.idempotencyKey}`;
  if (idemKey !== undefined) {
    const stored = lookupIdempotent(state, idemKey);
    if (stored) {
      if (stored.fingerprint !== request.bodyFingerprint) {
        renderProblem(
          ctx,
          op,
          new RequestProblem(
            'conflict',
            'This Idempotency-Key was already used with a different request body.',
            'Idempotency-Key',
          ),
        );
        return;
      }
      send(ctx, stored.status, stored.body, { 'Idempotent-Replayed': 'true' });
      return;
    }
  }

  let outcome: { status: number; body: Record<string, unknown> };
  try {
    outcome = performOperation(state, request);
  } catch (e) {
    if (e instanceof RequestProblem) {
      renderProblem(ctx, op, e);
      return;
    }
    throw e;
  }
  if (idemKey !== undefined) rememberIdempotent(state, idemKey, request.bodyFingerprint, outcome);
  send(ctx, outcome.status, outcome.body);
}

function lookupIdempotent(state: State, key: string): StoredOutcome | undefined {
  const stored = state.idempotency.get(key);
  if (!stored) return undefined;
  if (stored.expiresAt <= Date.now()) {
    state.idempotency.delete(key);
    state.idempotencyBytes -= stored.bytes;
    return undefined;
  }
  return stored;
}

function rememberIdempotent(
  state: State,
  key: string,
  fingerprint: string,
  outcome: { status: number; body: Record<string, unknown> },
): void {
  const bytes = approxSize(outcome.body) + key.length;
  if (bytes > IDEMPOTENCY_BYTES_BUDGET) return;
  state.idempotency.set(key, { fingerprint, ...outcome, expiresAt: Date.now() + IDEMPOTENCY_TTL_MS, bytes });
  state.idempotencyBytes += bytes;
  for (const [k, old] of state.idempotency) {
    if (state.idempotency.size <= MAX_IDEMPOTENCY_ENTRIES && state.idempotencyBytes <= IDEMPOTENCY_BYTES_BUDGET) break;
    if (k === key) continue;
    state.idempotency.delete(k);
    state.idempotencyBytes -= old.bytes;
  }
}

function performOperation(state: State, request: CatalogRequest): { status: number; body: Record<string, unknown> } {
  switch (request.op) {
    case 'createCharge':
      return { status: 200, body: { success: true, charge: chargeView(createCharge(state, request)) } };
    case 'updateCharge':
      return { status: 200, body: { success: true, charge: chargeView(updateCharge(state, request)) } };
    case 'queryCharge':
      return { status: 200, body: queryCharge(state, request) };
    case 'createProduct':
      return { status: 201, body: { success: true, product: productView(createProduct(state, request)) } };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Charges (PRPC with Dynamic Pricing)
// ---------------------------------------------------------------------------------------------------------------

function nextChargeNumber(state: State): string {
  state.chargeCounter += 1;
  return `PRPC-${String(state.chargeCounter).padStart(8, '0')}`;
}

function createCharge(state: State, request: CatalogRequest): Charge {
  const { body } = request;
  const name = requireText(body, 'name', 'name', NAME_MAX);
  const description = optionalText(body, 'description', 'description', DESCRIPTION_MAX);
  const chargeModel = parseEnum(body.chargeModel, 'chargeModel', CHARGE_MODELS);
  const defaultPricing =
    body.defaultPricing === undefined || body.defaultPricing === null
      ? null
      : parsePricing(body.defaultPricing, 'defaultPricing');
  const rateCards = parseRateCards(body.rateCards, 'rateCards').map((card) => ({ id: newId(), ...card }));
  const now = new Date().toISOString();
  const charge: Charge = {
    id: newId(),
    number: nextChargeNumber(state),
    name,
    description,
    chargeModel,
    defaultPricing,
    rateCards,
    orgIds: [...request.orgs],
    productId: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    approxBytes: 0,
  };
  recomputeChargeSize(charge);
  storeCharge(state, charge);
  return charge;
}

/** Svc-Org-Ids "defines the organisation context (chiefly read access and data visibility)". */
function findVisibleCharge(state: State, id: string, orgs: string[]): Charge {
  const charge = state.charges.get(id);
  if (!charge?.orgIds.some((org) => orgs.includes(org))) {
    throw new RequestProblem('notFound', `No product rate plan charge '${id}' exists in this org context.`, 'id');
  }
  return charge;
}

function requireChargeId(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) throw missing(key);
  if (typeof v !== 'string' || v.trim().length === 0 || v.length > NAME_MAX) {
    throw invalid(key, `'${key}' must be a charge ID string.`);
  }
  return v;
}

/** "Update an existing PRPC: default pricing and/or conditional rate cards. ... the charge is identified inside the body." */
function updateCharge(state: State, request: CatalogRequest): Charge {
  const { body } = request;
  const id = requireChargeId(body, 'id');
  const hasDefault = Object.hasOwn(body, 'defaultPricing');
  const hasCards = body.rateCards !== undefined;
  if (!hasDefault && !hasCards) {
    throw new RequestProblem('missing', "An update must carry 'defaultPricing' and/or 'rateCards'.");
  }
  // Validate everything before changing anything, so a refused update leaves the charge untouched.
  const defaultPricing = hasDefault
    ? body.defaultPricing === null
      ? null
      : parsePricing(body.defaultPricing, 'defaultPricing')
    : undefined;
  const rateCards = hasCards ? parseRateCards(body.rateCards, 'rateCards') : undefined;
  const charge = findVisibleCharge(state, id, request.orgs);

  if (defaultPricing !== undefined) charge.defaultPricing = defaultPricing;
  if (rateCards !== undefined) charge.rateCards = rateCards.map((card) => ({ id: newId(), ...card }));
  charge.version += 1;
  charge.updatedAt = new Date().toISOString();
  recomputeChargeSize(charge);
  storeCharge(state, charge);
  return charge;
}

interface Resolution {
  pricing: Pricing;
  source: 'rateCard' | 'default';
  rateCardId: string | null;
}

/**
 * Query rules 1 and 2: a matching rate-card row's pricing, else the default charge-level pricing.
 * A row matches when every one of its conditions equals the supplied value of that attribute; when several rows
 * match, the most specific (most conditions) wins, then the earliest.
 */
function resolvePricing(charge: Charge, attributes: Record<string, string>): Resolution | null {
  let best: RateCard | undefined;
  for (const card of charge.rateCards) {
    const conditions = Object.entries(card.conditions);
    const matches = conditions.every(([name, value]) => Object.hasOwn(attributes, name) && attributes[name] === value);
    if (!matches) continue;
    if (best === undefined || conditions.length > Object.keys(best.conditions).length) best = card;
  }
  if (best) return { pricing: { ...best.pricing }, source: 'rateCard', rateCardId: best.id };
  if (charge.defaultPricing) return { pricing: { ...charge.defaultPricing }, source: 'default', rateCardId: null };
  return null;
}

/** Rule 3: "The operation creates and updates nothing; it may be used to simulate pricing resolution." */
function queryCharge(state: State, request: CatalogRequest): Record<string, unknown> {
  const { body } = request;
  const chargeId = requireChargeId(body, 'chargeId');
  const attributes = parseAttributeMap(body.attributes, 'attributes', 0, MAX_QUERY_ATTRIBUTES);
  let charge: Charge;
  try {
    charge = findVisibleCharge(state, chargeId, request.orgs);
  } catch (e) {
    if (e instanceof RequestProblem) throw new RequestProblem(e.kind, e.message, 'chargeId');
    throw e;
  }
  const resolution = resolvePricing(charge, attributes);
  if (resolution === null) {
    throw new RequestProblem(
      'rule',
      'No rate card matches the supplied attributes and the charge has no default pricing.',
      'attributes',
    );
  }
  return {
    success: true,
    charge: chargeView(charge),
    resolvedPricing: resolution.pricing,
    resolution: { source: resolution.source, rateCardId: resolution.rateCardId },
    attributes: { ...attributes },
  };
}

function chargeView(charge: Charge): Record<string, unknown> {
  return {
    id: charge.id,
    number: charge.number,
    name: charge.name,
    description: charge.description,
    chargeModel: charge.chargeModel,
    dynamicPricing: true,
    defaultPricing: charge.defaultPricing ? { ...charge.defaultPricing } : null,
    rateCards: charge.rateCards.map((card) => ({
      id: card.id,
      conditions: { ...card.conditions },
      pricing: { ...card.pricing },
    })),
    orgIds: [...charge.orgIds],
    productId: charge.productId,
    version: charge.version,
    createdAt: charge.createdAt,
    updatedAt: charge.updatedAt,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------------------------

/** The charge model a product charge is registered with in the charge catalog (ours). */
const MODEL_TO_CHARGE_MODEL: Record<ProductChargeModel, ChargeModel> = {
  usage: 'PerUnit',
  recurring: 'FlatFee',
  oneTime: 'FlatFee',
  other: 'Volume',
};

function parseProductCharge(v: unknown, at: string): Omit<ProductCharge, 'id'> {
  if (!isPlainObject(v)) throw invalid(at, `'${at}' must be an object.`);
  const name = requireText(v, 'name', `${at}.name`, NAME_MAX);
  const model = parseEnum(v.model, `${at}.model`, PRODUCT_CHARGE_MODELS);
  const pricing = parsePricing(v.pricing, `${at}.pricing`);
  let unitOfMeasure = optionalText(v, 'unitOfMeasure', `${at}.unitOfMeasure`, UNIT_OF_MEASURE_MAX);
  if (unitOfMeasure !== null && unitOfMeasure.trim().length === 0) {
    throw invalid(`${at}.unitOfMeasure`, `'${at}.unitOfMeasure' must not be blank.`);
  }
  // A usage (per-unit) charge is measured in some unit; we default it rather than refuse.
  if (model === 'usage' && unitOfMeasure === null) unitOfMeasure = 'Each';
  return { name, model, pricing, unitOfMeasure, billingPeriod: model === 'recurring' ? 'Month' : null };
}

interface ParsedPlan {
  name: string;
  charges: Omit<ProductCharge, 'id'>[];
}

function parsePlans(v: unknown): ParsedPlan[] {
  if (v === undefined || v === null) throw missing('plans');
  // "Create a product in the catalog with one or more plans and charges."
  if (!Array.isArray(v) || v.length === 0) throw invalid('plans', "'plans' must be a non-empty array.");
  if (v.length > MAX_PLANS) throw invalid('plans', `'plans' must hold at most ${MAX_PLANS} plans.`);
  return v.map((plan: unknown, i) => {
    const at = `plans[${i}]`;
    if (!isPlainObject(plan)) throw invalid(at, `'${at}' must be an object.`);
    const name = requireText(plan, 'name', `${at}.name`, NAME_MAX);
    const charges = plan.charges;
    if (charges === undefined || charges === null) throw missing(`${at}.charges`);
    if (!Array.isArray(charges) || charges.length === 0) {
      throw invalid(`${at}.charges`, `'${at}.charges' must be a non-empty array.`);
    }
    if (charges.length > MAX_CHARGES_PER_PLAN) {
      throw invalid(`${at}.charges`, `'${at}.charges' must hold at most ${MAX_CHARGES_PER_PLAN} charges.`);
    }
    return { name, charges: charges.map((c: unknown, j) => parseProductCharge(c, `${at}.charges[${j}]`)) };
  });
}

function createProduct(state: State, request: CatalogRequest): Product {
  const { body } = request;
  const name = requireText(body, 'name', 'name', NAME_MAX);
  const description = optionalText(body, 'description', 'description', DESCRIPTION_MAX);
  const parsedPlans = parsePlans(body.plans);
  const now = new Date().toISOString();
  state.productCounter += 1;
  const product: Product = {
    id: newId(),
    number: `PD-${String(state.productCounter).padStart(8, '0')}`,
    name,
    description,
    plans: parsedPlans.map((plan) => ({
      id: newId(),
      name: plan.name,
      charges: plan.charges.map((c) => ({ id: newId(), ...c })),
    })),
    orgIds: [...request.orgs],
    createdAt: now,
    approxBytes: 0,
  };
  product.approxBytes = approxSize(product);
  storeProduct(state, product);
  // Each product charge is a PRPC of the catalog: register it so the charge operations can query or update it.
  for (const plan of product.plans) {
    for (const pc of plan.charges) {
      const charge: Charge = {
        id: pc.id,
        number: nextChargeNumber(state),
        name: pc.name,
        description: null,
        chargeModel: MODEL_TO_CHARGE_MODEL[pc.model],
        defaultPricing: { ...pc.pricing },
        rateCards: [],
        orgIds: [...request.orgs],
        productId: product.id,
        version: 1,
        createdAt: now,
        updatedAt: now,
        approxBytes: 0,
      };
      recomputeChargeSize(charge);
      storeCharge(state, charge);
    }
  }
  return product;
}

function productView(product: Product): Record<string, unknown> {
  return {
    id: product.id,
    number: product.number,
    name: product.name,
    description: product.description,
    orgIds: [...product.orgIds],
    createdAt: product.createdAt,
    plans: product.plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      charges: plan.charges.map((c) => ({
        id: c.id,
        name: c.name,
        model: c.model,
        pricing: { ...c.pricing },
        unitOfMeasure: c.unitOfMeasure,
        billingPeriod: c.billingPeriod,
      })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Routing
// ---------------------------------------------------------------------------------------------------------------

interface Route {
  methods: Record<string, (ctx: Ctx) => Promise<void>>;
}

const ROUTES: Record<string, Route> = {
  [`${PREFIX}/oauth/token`]: { methods: { POST: handleToken } },
  [`${PREFIX}/commerce/charges`]: {
    methods: {
      POST: (ctx) => handleCatalog(ctx, 'createCharge'),
      PUT: (ctx) => handleCatalog(ctx, 'updateCharge'),
    },
  },
  [`${PREFIX}/commerce/charges/query`]: { methods: { POST: (ctx) => handleCatalog(ctx, 'queryCharge') } },
  [`${PREFIX}/commerce/products`]: { methods: { POST: (ctx) => handleCatalog(ctx, 'createProduct') } },
};

async function handle(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ctx: Ctx = {
    state,
    req,
    res,
    trackId: undefined,
    trackIdProblem: undefined,
    catalog: false,
    acceptsGzip: false,
    closeConnection: false,
  };
  const track = headerValue(req, 'svc-track-id');
  if (track !== undefined) {
    ctx.trackIdProblem = trackIdProblem(track);
    if (ctx.trackIdProblem === undefined) ctx.trackId = track;
  }
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const route = ROUTES[path];
  const method = req.method ?? 'GET';
  try {
    if (!route) {
      send(ctx, 404, { success: false, message: `No operation at ${path}.` });
      return;
    }
    const handler = route.methods[method];
    if (!handler) {
      send(
        ctx,
        405,
        { success: false, message: `Method ${method} is not allowed here.` },
        {
          Allow: Object.keys(route.methods).join(', '),
        },
      );
      return;
    }
    await handler(ctx);
  } catch {
    // The PUT operation documents "500 ErrorResponse"; the other operations answer with the same record.
    send(ctx, 500, errorResponse('An unexpected error occurred; retry the request.'));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------------------------

export async function startBlindService(): Promise<BlindService> {
  const tenant: Tenant = {
    multiEntity: false,
    tokenEntityScope: 'single',
    entityIds: [],
    multiOrg: true,
    accessibleOrgs: ['org-emea-retail', 'org-amer-retail'],
    inaccessibleOrgs: ['org-apac-wholesale'],
  };
  const state: State = {
    clientId: randomUUID(), // exactly 36 characters
    clientSecret: randomBytes(30).toString('base64url'), // 40 characters, within "at most 42"
    tenant,
    tokens: new Map(),
    rateLog: new Map(),
    charges: new Map(),
    chargeBytes: 0,
    chargeCounter: 0,
    products: new Map(),
    productBytes: 0,
    productCounter: 0,
    idempotency: new Map(),
    idempotencyBytes: 0,
    processCounter: 0,
  };

  const server = createServer((req, res) => {
    void handle(state, req, res);
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${PREFIX}`;

  const section: Record<string, unknown> = {
    baseUrl,
    credentials: {
      clientId: '${BLIND_BILLING_CLIENT_ID}',
      clientSecret: '${BLIND_BILLING_CLIENT_SECRET}',
    },
    tenant: { ...tenant, entityIds: [...tenant.entityIds] },
    adapter: 'reference',
    expectations: {
      // Our limit is TOKEN_RATE_PER_WINDOW (50) per second; pin only an upper bound the probe can check.
      tokenRateLimit: { limitAtMost: 100 },
    },
  };
  const env: Record<string, string> = {
    BLIND_BILLING_CLIENT_ID: state.clientId,
    BLIND_BILLING_CLIENT_SECRET: state.clientSecret,
  };

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    section,
    env,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

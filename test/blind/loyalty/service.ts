/**
 * Loyalty network service (document 2, part A): benefit subscription, points-transfer orders
 * and event notifications, with the MAC and OAuth bearer forms of Authorization.
 *
 * Only node: built-ins. All state is in memory and bounded; no timers are started (stores are
 * pruned lazily on use), so close() only has to stop the server.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.loyalty` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_LOYALTY_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Configuration of this network (our team's choices; see CHOICES.md)
// ---------------------------------------------------------------------------------------------

const BASE_PATH = '/loyalty-net';

type SignPart = 'ts' | 'nonce' | 'method' | 'path' | 'host' | 'port' | 'bodyhash';

interface MacRecipe {
  id: string;
  secret: string;
  signs: SignPart[];
  bodyHashAlgorithm: 'sha256' | 'sha512';
  encoding: 'hex' | 'base64';
  windowMs: number;
}

/** Our recipe: ts, nonce, method, path (with query), host (no port), bodyhash; SHA-512 body hash; hex; ±120 s. */
const MAC_SIGNS: SignPart[] = ['ts', 'nonce', 'method', 'path', 'host', 'bodyhash'];
const MAC_BODY_HASH = 'sha512';
const MAC_ENCODING = 'hex';
const MAC_WINDOW_MS = 120_000;
const MAC_CLIENT_ID = 'orbit-issuer-client-7731';

const SENDER = 'ORBIT-BANK-ISSUER';
/** "must begin with MK for operations of the high-protection encryption kind" */
const KEYNAME = 'MK-ORBIT-LTY-2026';
const INSTITUTION_ID = 'ORB-INST-0042';

/** "The exact strings name the partner and are of the form PARTNER_PROGRAM in upper case with underscores." */
const PROGRAMS: Record<string, { kind: 'airline' | 'hotel'; mandatory: DemographicField[] }> = {
  NORDAIR_SKYPOINTS: { kind: 'airline', mandatory: ['LAST_NAME'] },
  PACIFICA_MILECLUB: { kind: 'airline', mandatory: ['LAST_NAME'] },
  ATLASAIR_FLYERPLUS: { kind: 'airline', mandatory: ['FIRST_NAME', 'LAST_NAME'] },
  BOREALIS_AEROMILES: { kind: 'airline', mandatory: ['LAST_NAME'] },
  CORSAIRE_VOYAGEUR: { kind: 'airline', mandatory: ['LAST_NAME', 'DOB'] },
  MERIDIAN_JETREWARDS: { kind: 'airline', mandatory: ['LAST_NAME', 'EMAIL'] },
  LUMEN_HOTELSELECT: {
    kind: 'hotel',
    mandatory: ['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'ADDR_LINE_1', 'STATE', 'COUNTRY'],
  },
  HARBORINN_STAYPOINTS: { kind: 'hotel', mandatory: ['LAST_NAME', 'EMAIL', 'COUNTRY'] },
  GRANDVISTA_HONORS: { kind: 'hotel', mandatory: ['ADDR_LINE_1', 'CITY'] },
};

// Bounds on memory.
const MAX_BODY_BYTES = 32 * 1024;
const MAX_STRING = 256;
const MAX_NONCES = 50_000;
const NONCE_RETENTION_MS = 24 * 60 * 60 * 1000;
const MAX_ORDERS = 20_000;
const MAX_SUBSCRIPTIONS = 20_000;
const MAX_EVENTS = 5_000;

// ---------------------------------------------------------------------------------------------
// Document enumerations
// ---------------------------------------------------------------------------------------------

const DEMOGRAPHIC_FIELDS = [
  'TITLE',
  'FIRST_NAME',
  'MIDDLE_NAME',
  'LAST_NAME',
  'DOB',
  'GENDER',
  'EMAIL',
  'LANGUAGE',
  'ADDR_LINE_1',
  'ADDR_LINE_2',
  'ADDR_LINE_3',
  'CITY',
  'STATE',
  'POSTAL_CODE',
  'COUNTRY',
  'TELEPHONE',
] as const;
type DemographicField = (typeof DEMOGRAPHIC_FIELDS)[number];

const CURRENCY_TYPES = ['POINTS', 'CASH', 'GIFT'];
const NOTIFICATION_SOURCES = ['lty-data-press', 'Issuer', 'Servicing', 'Web', 'Mobile'];
const NOTIFICATION_TYPES = [
  'lty.v1.acquisition',
  'lty.v1.benefitEnrolled',
  'lty.v1.partner.award',
  'lty.demographic.replaced',
  'lty.v1.cancellation',
  'lty.v1.productTransfer',
  'lty.v1.reinstatement',
];
const DATA_CODES = ['SUCCESS', 'FAILURE'];

// ---------------------------------------------------------------------------------------------
// Errors: "body with optional strings error_code, user_message, developer_message"
// ---------------------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly userMessage: string,
    readonly developerMessage: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(developerMessage);
  }
}

const badRequest = (code: string, user: string, dev: string): ApiError => new ApiError(400, code, user, dev);
const forbidden = (code: string, dev: string): ApiError =>
  new ApiError(403, code, 'The request could not be authenticated or is not permitted.', dev);

// ---------------------------------------------------------------------------------------------
// Bounded stores
// ---------------------------------------------------------------------------------------------

/** Insertion-ordered map that drops its oldest entries beyond `cap`. */
class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly cap: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.cap) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
  }
  /** Removes entries from the oldest end while `expired` holds (entries are inserted in expiry order). */
  pruneHead(expired: (value: V) => boolean): void {
    for (const [key, value] of this.map) {
      if (!expired(value)) break;
      this.map.delete(key);
    }
  }
  values(): IterableIterator<V> {
    return this.map.values();
  }
  clear(): void {
    this.map.clear();
  }
}

interface OrderRecord {
  orderId: string;
  requestorOrderId: string;
  instrumentId: string;
  programCode: string;
  receivedAt: string;
  status: 'ACKNOWLEDGED' | 'SENT_TO_PARTNER' | 'SUCCESS' | 'FAILURE';
}

interface SubscriptionRecord {
  subscriptionId: string;
  instrumentId: string;
  benefit: string;
  receivedAt: string;
}

interface EventRecord {
  eventId: string;
  type: string;
  code: string;
  requestorOrderId?: string;
  receivedAt: string;
}

interface State {
  nonces: BoundedMap<number>;
  orders: BoundedMap<OrderRecord>;
  subscriptions: BoundedMap<SubscriptionRecord>;
  events: BoundedMap<EventRecord>;
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function safeEqualStrings(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** Decodes an encoded digest; undefined when it is not well formed in that encoding. */
function decodeDigest(value: string, encoding: 'hex' | 'base64'): Buffer | undefined {
  if (encoding === 'hex') {
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(value)) return undefined;
    return Buffer.from(value, 'hex');
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return undefined;
  return Buffer.from(value, 'base64');
}

function digestMatches(provided: string, expected: Buffer, encoding: 'hex' | 'base64'): boolean {
  const bytes = decodeDigest(provided, encoding);
  return bytes !== undefined && bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validCalendar(y: number, mo: number, d: number, h: number, mi: number, s: number, maxSec: number) {
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && s <= maxSec;
}

/** order_date_time: "pattern yyyy-MM-dd'T'HH:mm:ss.SSS'Z'" (exactly). */
function isOrderDateTime(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return validCalendar(y, mo, d, h, mi, s, 59);
}

/** Notification time: "Event initiation time in UTC, RFC 3339 with nanoseconds" (0 to 9 fraction digits, UTC offset). */
function isRfc3339Utc(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|\+00:00)$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return validCalendar(y, mo, d, h, mi, s, 60); // RFC 3339 allows a leap second
}

// ---------------------------------------------------------------------------------------------
// Field validation
// ---------------------------------------------------------------------------------------------

/** Collects field problems so that one 400 can name all of them. */
class Issues {
  readonly list: string[] = [];
  add(path: string, problem: string): void {
    if (this.list.length < 20) this.list.push(`${path}: ${problem}`);
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) {
      throw badRequest('LN-400-03', 'One or more fields of the request are invalid.', this.list.join('; '));
    }
  }
}

function requiredString(body: Json, key: string, path: string, issues: Issues): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) {
    issues.add(path, 'is required');
    return undefined;
  }
  return checkString(v, path, issues, true);
}

function optionalString(body: Json, key: string, path: string, issues: Issues): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  return checkString(v, path, issues, false);
}

function checkString(v: unknown, path: string, issues: Issues, nonEmpty: boolean): string | undefined {
  if (typeof v !== 'string') {
    issues.add(path, 'must be a string');
    return undefined;
  }
  if (nonEmpty && v.trim() === '') {
    issues.add(path, 'must not be empty');
    return undefined;
  }
  if (v.length > MAX_STRING) {
    issues.add(path, `must be at most ${MAX_STRING} characters`);
    return undefined;
  }
  return v;
}

function checkEnum(v: string | undefined, allowed: readonly string[], path: string, issues: Issues): void {
  if (v !== undefined && !allowed.includes(v)) issues.add(path, `must be one of ${allowed.join(', ')}`);
}

/** Network_Info: institution_id required, network_id optional. */
function validateNetworkInfo(v: unknown, path: string, issues: Issues): string | undefined {
  if (v === undefined || v === null) {
    issues.add(path, 'is required');
    return undefined;
  }
  if (!isObject(v)) {
    issues.add(path, 'must be an object');
    return undefined;
  }
  const institution = requiredString(v, 'institution_id', `${path}.institution_id`, issues);
  optionalString(v, 'network_id', `${path}.network_id`, issues);
  return institution;
}

/** Demographics: "All fields are optional strings". Returns the fields given (non-blank). */
function validateDemographics(v: unknown, path: string, issues: Issues): Map<DemographicField, string> {
  const present = new Map<DemographicField, string>();
  if (v === undefined || v === null) return present;
  if (!isObject(v)) {
    issues.add(path, 'must be an object');
    return present;
  }
  for (const field of DEMOGRAPHIC_FIELDS) {
    const s = optionalString(v, field, `${path}.${field}`, issues);
    if (s !== undefined && s.trim() !== '') present.set(field, s);
  }
  return present;
}

/** Amount: value double, currency_type enum, currency_code 3-letter ISO code (all required). */
function validateAmount(v: unknown, path: string, issues: Issues): void {
  if (v === undefined || v === null) return;
  if (!isObject(v)) {
    issues.add(path, 'must be an object');
    return;
  }
  const value = v.value;
  if (value === undefined || value === null) issues.add(`${path}.value`, 'is required');
  else if (typeof value !== 'number' || !Number.isFinite(value)) issues.add(`${path}.value`, 'must be a number');
  else if (value < 0) issues.add(`${path}.value`, 'must not be negative');
  checkEnum(
    requiredString(v, 'currency_type', `${path}.currency_type`, issues),
    CURRENCY_TYPES,
    `${path}.currency_type`,
    issues,
  );
  const code = requiredString(v, 'currency_code', `${path}.currency_code`, issues);
  if (code !== undefined && !/^[A-Z]{3}$/.test(code)) {
    issues.add(`${path}.currency_code`, 'must be a 3-letter ISO currency code');
  }
  optionalString(v, 'currency_description', `${path}.currency_description`, issues);
}

// ---------------------------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------------------------

interface AuthConfig {
  apiKey: string;
  bearerToken: string;
  mac: MacRecipe;
}

/** Parses `MAC id="…",ts="…",nonce="…",bodyhash="…",mac="…"` (quotes optional). */
function parseMacHeader(value: string): Map<string, string> | undefined {
  const m = /^MAC\s+(.+)$/i.exec(value.trim());
  if (!m?.[1]) return undefined;
  const parts = new Map<string, string>();
  for (const piece of m[1].split(',')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) return undefined;
    const name = piece.slice(0, eq).trim().toLowerCase();
    let val = piece.slice(eq + 1).trim();
    if (val.length >= 2 && val.startsWith('"') && val.endsWith('"')) val = val.slice(1, -1);
    if (parts.has(name)) return undefined; // a repeated part is ambiguous
    parts.set(name, val);
  }
  return parts;
}

function hostAndPort(req: IncomingMessage): { host: string; port: string } {
  const raw = (header(req, 'host') ?? '').trim().toLowerCase();
  const local = String(req.socket.localPort ?? '');
  if (raw.startsWith('[')) {
    const end = raw.indexOf(']');
    const rest = raw.slice(end + 1);
    return { host: raw.slice(0, end + 1), port: rest.startsWith(':') ? rest.slice(1) : local };
  }
  const colon = raw.lastIndexOf(':');
  return colon >= 0 ? { host: raw.slice(0, colon), port: raw.slice(colon + 1) } : { host: raw, port: local };
}

function verifyMac(req: IncomingMessage, body: Buffer, authz: string, cfg: MacRecipe, state: State): void {
  const parts = parseMacHeader(authz);
  if (!parts) throw forbidden('LN-403-02', 'Authorization MAC header is malformed.');
  for (const name of ['id', 'ts', 'nonce', 'bodyhash', 'mac']) {
    if (!parts.get(name)) throw forbidden('LN-403-02', `Authorization MAC header lacks the '${name}' part.`);
  }
  const id = parts.get('id') as string;
  const ts = parts.get('ts') as string;
  const nonce = parts.get('nonce') as string;
  const bodyhash = parts.get('bodyhash') as string;
  const mac = parts.get('mac') as string;

  if (!safeEqualStrings(id, cfg.id)) throw forbidden('LN-403-02', 'Unknown client id.');
  // "ts (client timestamp, Unix epoch in milliseconds)"
  if (!/^\d{1,16}$/.test(ts)) throw forbidden('LN-403-03', 'ts must be a Unix epoch time in milliseconds.');
  const now = Date.now();
  if (Math.abs(now - Number(ts)) > cfg.windowMs) {
    throw forbidden('LN-403-03', `ts is more than ${cfg.windowMs} ms away from the server clock.`);
  }
  // "bodyhash (hash of the body)"
  const expectedBodyHash = createHash(cfg.bodyHashAlgorithm).update(body).digest();
  if (!digestMatches(bodyhash, expectedBodyHash, cfg.encoding)) {
    throw forbidden('LN-403-04', 'bodyhash does not match the request body.');
  }
  // "mac (HMAC SHA256 signature generated with the client secret)", over the parts our recipe signs.
  const { host, port } = hostAndPort(req);
  const values: Record<SignPart, string> = {
    ts,
    nonce,
    method: (req.method ?? '').toUpperCase(),
    path: req.url ?? '/',
    host,
    port,
    bodyhash,
  };
  const baseString = cfg.signs.map((p) => `${values[p]}\n`).join('');
  const expectedMac = createHmac('sha256', cfg.secret).update(baseString, 'utf8').digest();
  if (!digestMatches(mac, expectedMac, cfg.encoding)) throw forbidden('LN-403-04', 'mac signature does not verify.');

  // "nonce (unique string, different for each request)": checked only once the signature holds,
  // so that forged requests cannot burn a client's nonces.
  state.nonces.pruneHead((expiresAt) => expiresAt <= now);
  const key = `${id}\n${nonce}`;
  if (state.nonces.has(key)) throw forbidden('LN-403-05', 'nonce has already been used.');
  state.nonces.set(key, now + NONCE_RETENTION_MS);
}

/** "Every operation needs the X-NET-API-KEY header … plus one of these Authorization forms". */
function authenticate(req: IncomingMessage, body: Buffer, cfg: AuthConfig, state: State): void {
  const apiKey = header(req, 'x-net-api-key');
  if (apiKey === undefined || apiKey === '') throw forbidden('LN-403-01', 'X-NET-API-KEY header is required.');
  if (!safeEqualStrings(apiKey, cfg.apiKey))
    throw forbidden('LN-403-01', 'X-NET-API-KEY is not a registered application key.');

  const authz = header(req, 'authorization');
  if (authz === undefined || authz.trim() === '') throw forbidden('LN-403-02', 'Authorization header is required.');
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authz);
  if (bearer?.[1]) {
    if (!safeEqualStrings(bearer[1], cfg.bearerToken)) throw forbidden('LN-403-02', 'Bearer token is not valid.');
    return;
  }
  if (/^MAC\s/i.test(authz.trim())) {
    verifyMac(req, body, authz, cfg.mac, state);
    return;
  }
  throw forbidden('LN-403-02', 'Authorization must use the MAC or the Bearer scheme.');
}

/** Subscribe and transfer "also require sender … and keyname". */
function checkSenderAndKeyname(req: IncomingMessage): void {
  const sender = header(req, 'sender');
  const keyname = header(req, 'keyname');
  if (sender === undefined || sender.trim() === '') {
    throw badRequest('LN-400-01', 'A required header is missing.', 'sender header is required.');
  }
  if (keyname === undefined || keyname.trim() === '') {
    throw badRequest('LN-400-01', 'A required header is missing.', 'keyname header is required.');
  }
  // Both operations carry consumer data, so this network treats them as high-protection ones:
  // "must begin with MK for operations of the high-protection encryption kind".
  if (!keyname.startsWith('MK')) {
    throw badRequest(
      'LN-400-06',
      'The encryption key is not accepted.',
      'keyname must begin with MK for this operation.',
    );
  }
  if (keyname !== KEYNAME) {
    throw badRequest(
      'LN-400-06',
      'The encryption key is not accepted.',
      `keyname '${keyname}' is not a key of this network.`,
    );
  }
  if (sender !== SENDER) throw forbidden('LN-403-06', `sender '${sender}' is not onboarded with this network.`);
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

function checkInstitution(institution: string | undefined, path: string): void {
  if (institution !== undefined && institution !== INSTITUTION_ID) {
    throw new ApiError(
      404,
      'LN-404-02',
      'The issuer is not known to the network.',
      `${path} '${institution}' is not a known institution.`,
    );
  }
}

/** POST /benefits/subscription → 202 {}. */
function subscribe(body: Json, state: State): void {
  const issues = new Issues();
  const institution = validateNetworkInfo(body.network_info, 'network_info', issues);
  const instrumentId = requiredString(body, 'instrument_id', 'instrument_id', issues);
  const benefitId = optionalString(body, 'benefit_id', 'benefit_id', issues);
  let externalId: string | undefined;
  const ext = body.external_benefit;
  if (ext !== undefined && ext !== null) {
    if (!isObject(ext)) issues.add('external_benefit', 'must be an object');
    else {
      externalId = optionalString(ext, 'id', 'external_benefit.id', issues);
      optionalString(ext, 'system', 'external_benefit.system', issues);
    }
  }
  // "benefit_id (… required only when external_benefit is not used)"; an external_benefit
  // without an id does not identify a benefit, so it does not count as used.
  if ((benefitId === undefined || benefitId.trim() === '') && (externalId === undefined || externalId.trim() === '')) {
    issues.add('benefit_id', 'is required when external_benefit (with an id) is not used');
  }
  optionalString(body, 'program_account_id', 'program_account_id', issues);
  validateDemographics(body.demographic, 'demographic', issues);
  issues.throwIfAny();
  checkInstitution(institution, 'network_info.institution_id');

  const benefit = benefitId?.trim() ? `benefit:${benefitId}` : `external:${(ext as Json).system ?? ''}:${externalId}`;
  const key = `${institution}\n${instrumentId}\n${benefit}`;
  // Re-subscribing the same instrument to the same benefit is accepted again (idempotent).
  if (!state.subscriptions.has(key)) {
    state.subscriptions.set(key, {
      subscriptionId: `SUB-${randomBytes(8).toString('hex').toUpperCase()}`,
      instrumentId: instrumentId as string,
      benefit,
      receivedAt: new Date().toISOString(),
    });
  }
}

/** POST /redemption_types/points_transfer/orders → 202 {} ("the order is sent on after validation completes"). */
function transferPoints(body: Json, state: State): void {
  const issues = new Issues();
  const requestorOrderId = requiredString(body, 'requestor_order_id', 'requestor_order_id', issues);
  const orderDateTime = requiredString(body, 'order_date_time', 'order_date_time', issues);
  if (orderDateTime !== undefined && !isOrderDateTime(orderDateTime)) {
    issues.add('order_date_time', "must follow the pattern yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
  }
  const instrumentId = requiredString(body, 'instrument_id', 'instrument_id', issues);
  const programCode = requiredString(body, 'program_code', 'program_code', issues);
  checkEnum(programCode, Object.keys(PROGRAMS), 'program_code', issues);
  requiredString(body, 'program_account_id', 'program_account_id', issues);
  const institution = validateNetworkInfo(body.network, 'network', issues);
  optionalString(body, 'program_bonus_code', 'program_bonus_code', issues);
  validateAmount(body.points_needed, 'points_needed', issues);
  validateAmount(body.partner_point_value, 'partner_point_value', issues);
  const demographics = validateDemographics(body.demographics, 'demographics', issues);
  const simulation = body.simulation;
  if (simulation !== undefined && simulation !== null && typeof simulation !== 'boolean') {
    issues.add('simulation', 'must be a boolean');
  }
  issues.throwIfAny();
  checkInstitution(institution, 'network.institution_id');

  // "The API validates the mandatory fields of the specific partner program".
  const program = PROGRAMS[programCode as string];
  const missing = (program?.mandatory ?? []).filter((f) => !demographics.has(f));
  if (missing.length > 0) {
    throw badRequest(
      'LN-400-04',
      'Details required by the partner program are missing.',
      `demographics: ${programCode} requires ${missing.join(', ')}`,
    );
  }

  // "requestor_order_id (… unique across all time per consumer or channel)": scoped per consumer,
  // i.e. per instrument of the institution.
  const key = `${institution}\n${instrumentId}\n${requestorOrderId}`;
  if (state.orders.has(key)) {
    throw new ApiError(
      409,
      'LN-409-01',
      'This order was already submitted.',
      `requestor_order_id '${requestorOrderId}' has already been used for this instrument.`,
    );
  }
  // "When simulation is true, the processor runs all eligibility checks without invoking the
  // transactions operation": a simulation is checked (including the uniqueness above) but not recorded.
  if (simulation === true) return;
  const now = new Date();
  state.orders.set(key, {
    orderId: `PTO-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(6).toString('hex').toUpperCase()}`,
    requestorOrderId: requestorOrderId as string,
    instrumentId: instrumentId as string,
    programCode: programCode as string,
    receivedAt: now.toISOString(),
    status: 'SENT_TO_PARTNER',
  });
}

/** POST /v1/event/notify → 202 {}. */
function notify(body: Json, correlationId: string, state: State): void {
  const issues = new Issues();
  const source = requiredString(body, 'source', 'source', issues);
  checkEnum(source, NOTIFICATION_SOURCES, 'source', issues);
  const type = requiredString(body, 'type', 'type', issues);
  checkEnum(type, NOTIFICATION_TYPES, 'type', issues);
  const time = requiredString(body, 'time', 'time', issues);
  if (time !== undefined && !isRfc3339Utc(time)) issues.add('time', 'must be an RFC 3339 date-time in UTC');
  let code: string | undefined;
  const data = body.data;
  if (data === undefined || data === null) issues.add('data', 'is required');
  else if (!isObject(data)) issues.add('data', 'must be an object');
  else {
    code = requiredString(data, 'code', 'data.code', issues);
    checkEnum(code, DATA_CODES, 'data.code', issues);
    for (const k of ['program_account_id', 'reason_code', 'description', 'developer_message']) {
      optionalString(data, k, `data.${k}`, issues);
    }
  }
  const specversion = body.specversion;
  if (specversion !== undefined && specversion !== null && specversion !== '0.3') {
    issues.add('specversion', 'must be 0.3');
  }
  const id = optionalString(body, 'id', 'id', issues);
  const requestorOrderId = optionalString(body, 'requestor_order_id', 'requestor_order_id', issues);
  issues.throwIfAny();

  // "Unique per event": a repeated (source, id) is a redelivery, acknowledged without recording twice.
  const eventId = id ?? `${correlationId || 'EVT'}-${randomUUID()}`;
  const eventKey = `${source}\n${eventId}`;
  if (id !== undefined && state.events.has(eventKey)) return;
  state.events.set(eventKey, {
    eventId,
    type: type as string,
    code: code as string,
    requestorOrderId,
    receivedAt: new Date().toISOString(),
  });
  // "A points-transfer event can be tied to its order through requestor_order_id."
  if (type === 'lty.v1.partner.award' && requestorOrderId !== undefined) {
    tieAwardToOrder(requestorOrderId, code === 'SUCCESS' ? 'SUCCESS' : 'FAILURE', state);
  }
}

function tieAwardToOrder(requestorOrderId: string, outcome: 'SUCCESS' | 'FAILURE', state: State): void {
  // Orders are keyed per consumer and the event names only the order id: every order with that
  // id takes the outcome. An unknown id is still acknowledged (the order may predate our bounded store).
  for (const order of state.orders.values()) {
    if (order.requestorOrderId === requestorOrderId) order.status = outcome;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------------------------

type Operation = 'subscribe' | 'transfer' | 'notify';

const ROUTES: Record<string, Operation> = {
  [`${BASE_PATH}/benefits/subscription`]: 'subscribe',
  [`${BASE_PATH}/redemption_types/points_transfer/orders`]: 'transfer',
  [`${BASE_PATH}/v1/event/notify`]: 'notify',
};

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

function sendError(res: ServerResponse, err: ApiError, headers: Record<string, string>): void {
  sendJson(
    res,
    err.status,
    { error_code: err.errorCode, user_message: err.userMessage, developer_message: err.developerMessage },
    { ...headers, ...err.headers },
  );
}

/** Reads the body up to MAX_BODY_BYTES; a larger body is drained and refused. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(header(req, 'content-length') ?? '0');
    const tooLarge = () =>
      badRequest('LN-400-02', 'The request body is too large.', `The body may be at most ${MAX_BODY_BYTES} bytes.`);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) overflow = true;
      else chunks.push(chunk);
    });
    req.on('end', () => (overflow ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** "All bodies are JSON": a JSON object is expected. */
function parseJsonObject(req: IncomingMessage, body: Buffer): Json {
  const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && type !== 'application/json' && !type.endsWith('+json')) {
    throw badRequest('LN-400-02', 'The request body must be JSON.', `Content-Type '${type}' is not JSON.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('LN-400-02', 'The request body must be JSON.', 'The body is not valid JSON.');
  }
  if (!isObject(parsed))
    throw badRequest('LN-400-02', 'The request body must be a JSON object.', 'Expected a JSON object.');
  return parsed;
}

async function handle(req: IncomingMessage, res: ServerResponse, auth: AuthConfig, state: State): Promise<void> {
  const correlation = header(req, 'correlation_id');
  const echo: Record<string, string> = correlation ? { correlation_id: correlation } : {};
  try {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const op = ROUTES[path];
    if (!op) throw new ApiError(404, 'LN-404-01', 'The resource was not found.', `No operation at ${path}.`);
    if (req.method !== 'POST') {
      req.resume();
      throw new ApiError(405, 'LN-405-01', 'The method is not allowed.', `Only POST is supported on ${path}.`, {
        allow: 'POST',
      });
    }
    const body = await readBody(req);
    authenticate(req, body, auth, state);
    // "correlation_id (required; … may be empty for direct browser or app calls)": present, possibly empty.
    if (correlation === undefined) {
      throw badRequest('LN-400-01', 'A required header is missing.', 'correlation_id header is required.');
    }
    if (op !== 'notify') checkSenderAndKeyname(req);
    const json = parseJsonObject(req, body);
    if (op === 'subscribe') subscribe(json, state);
    else if (op === 'transfer') transferPoints(json, state);
    else notify(json, correlation, state);
    sendJson(res, 202, {}, echo);
  } catch (err) {
    if (err instanceof ApiError) sendError(res, err, echo);
    else {
      sendError(res, new ApiError(500, 'LN-500-01', 'An unexpected error occurred.', 'Internal error.'), echo);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up
// ---------------------------------------------------------------------------------------------

export async function startBlindService(): Promise<BlindService> {
  const env = {
    BLIND_LOYALTY_API_KEY: `netkey-${randomBytes(12).toString('hex')}`,
    BLIND_LOYALTY_MAC_SECRET: randomBytes(24).toString('base64url'),
    BLIND_LOYALTY_BEARER_TOKEN: `at-${randomBytes(20).toString('base64url')}`,
  };
  const auth: AuthConfig = {
    apiKey: env.BLIND_LOYALTY_API_KEY,
    bearerToken: env.BLIND_LOYALTY_BEARER_TOKEN,
    mac: {
      id: MAC_CLIENT_ID,
      secret: env.BLIND_LOYALTY_MAC_SECRET,
      signs: MAC_SIGNS,
      bodyHashAlgorithm: MAC_BODY_HASH,
      encoding: MAC_ENCODING,
      windowMs: MAC_WINDOW_MS,
    },
  };
  const state: State = {
    nonces: new BoundedMap<number>(MAX_NONCES),
    orders: new BoundedMap<OrderRecord>(MAX_ORDERS),
    subscriptions: new BoundedMap<SubscriptionRecord>(MAX_SUBSCRIPTIONS),
    events: new BoundedMap<EventRecord>(MAX_EVENTS),
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res, auth, state);
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${BASE_PATH}`;

  const section: Record<string, unknown> = {
    baseUrl,
    apiKey: '${BLIND_LOYALTY_API_KEY}',
    mac: {
      id: MAC_CLIENT_ID,
      secret: '${BLIND_LOYALTY_MAC_SECRET}',
      signs: [...MAC_SIGNS],
      bodyHashAlgorithm: MAC_BODY_HASH,
      encoding: MAC_ENCODING,
      windowMs: MAC_WINDOW_MS,
    },
    bearerToken: '${BLIND_LOYALTY_BEARER_TOKEN}',
    sender: SENDER,
    keyname: KEYNAME,
    institutionId: INSTITUTION_ID,
    mandatoryDemographics: Object.fromEntries(Object.entries(PROGRAMS).map(([code, p]) => [code, [...p.mandatory]])),
    programCodes: Object.keys(PROGRAMS),
  };

  return {
    baseUrl,
    section,
    env,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          state.nonces.clear();
          state.orders.clear();
          state.subscriptions.clear();
          state.events.clear();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

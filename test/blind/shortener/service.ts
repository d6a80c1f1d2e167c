/**
 * URL-shortening service (document 2, part D), environment E1.
 *
 * One operation: POST {base}/mappings with a JSON array of mappingRequest, answered by
 * 200 {mappings: [shortenResponse]} or 400. The short URLs it hands out are served by the same
 * process (outside the base address) so that "Registers short URLs that redirect to long URLs
 * until an expiry date" holds end to end. Choices the document leaves open are listed in CHOICES.md.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.shortener` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_SHORTENER_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** "the URL-shortening base address carries v1" (Versioning). */
const BASE_PATH = '/url-shortening/v1';
/** Where this E1 instance serves its short links: "in E1 and E2 it begins with an environment-specific shortener host". */
const LINK_PREFIX = '/e1';
const NOT_FOUND_PAGE = '/e1/not-found';

/** "domain | enum | no, default `m` | `m`, `go`, `bca.m`, `t.m`". The order is also the answer's grouping order. */
const DOMAINS = ['m', 'go', 'bca.m', 't.m'] as const;
type Domain = (typeof DOMAINS)[number];
const DEFAULT_DOMAIN: Domain = 'm';

/** Documented params keys: "campaignId, country, channel (tracking and analytics); da.redirect.cache-control; da.couch.retention". */
const PARAM_KEYS = ['campaignId', 'country', 'channel', 'da.redirect.cache-control', 'da.couch.retention'] as const;
type ParamKey = (typeof PARAM_KEYS)[number];

// Limits the document leaves open ("Rate limits and quotas for these interfaces: not shown").
const MAX_BODY_BYTES = 256 * 1024;
const MAX_BATCH = 50;
const MAX_STORED = 20_000;
const MAX_ERRORS_REPORTED = 25;
const MAX_LONG_URL = 2048;
const MAX_PATH = 64;
const MAX_TEXT = 256;
const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
const SWEEP_INTERVAL_MS = 60_000;
const REDIRECT_MAX_AGE_S = 86_400;

/** Generated paths: 9 characters of Crockford's base-32 alphabet in lower case (no i, l, o, u). */
const GENERATED_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GENERATED_LENGTH = 9;

/** Vanity paths: segments of letters, digits, '-' and '_', joined by single '/'. */
const VANITY_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

type Params = Partial<Record<ParamKey, string>>;

interface ValidMapping {
  index: number;
  longUrl: string;
  expMs: number;
  path: string | undefined;
  domain: Domain;
  params: Params | undefined;
  user: string | undefined;
  userGroup: string | undefined;
}

interface StoredMapping {
  domain: Domain;
  path: string;
  longUrl: string;
  expMs: number;
  /** Instant after which the record (and its path reservation) is dropped: expiry + retention. */
  purgeMs: number;
  noStore: boolean;
  vanity: boolean;
  params: Params | undefined;
  user: string | undefined;
  userGroup: string | undefined;
  createdMs: number;
}

interface FieldProblem {
  pointer: string;
  code: string;
  detail: string;
}

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    detail: string,
    readonly errors: FieldProblem[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

// ---------------------------------------------------------------------------------------------
// Field validation
// ---------------------------------------------------------------------------------------------

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(obj, key);
}

function hasSpaceOrControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return true;
  }
  return /\s/.test(text);
}

/** "longUrl ... Must be a valid URL; where the user is redirected." Redirect targets are absolute http(s) URLs. */
function checkLongUrl(value: unknown, at: string, out: FieldProblem[]): string | undefined {
  if (typeof value !== 'string') {
    out.push({ pointer: at, code: value === undefined ? 'required' : 'type', detail: 'longUrl is a required string' });
    return undefined;
  }
  if (value.length === 0 || value.length > MAX_LONG_URL) {
    out.push({ pointer: at, code: 'length', detail: `longUrl must be 1 to ${MAX_LONG_URL} characters` });
    return undefined;
  }
  if (hasSpaceOrControl(value)) {
    out.push({ pointer: at, code: 'invalid_url', detail: 'longUrl must not contain whitespace or control characters' });
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    out.push({ pointer: at, code: 'invalid_url', detail: 'longUrl is not a valid absolute URL' });
    return undefined;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    out.push({ pointer: at, code: 'invalid_url', detail: 'longUrl must be an http or https URL with a host' });
    return undefined;
  }
  return value;
}

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

/** Parses an ISO 8601 extended-format date-time; no offset means UTC. Returns epoch ms or undefined. */
function parseIsoTimestamp(text: string): number | undefined {
  const m = ISO_TIMESTAMP.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  const offH = oh === undefined ? 0 : Number(oh);
  const offM = om === undefined ? 0 : Number(om);
  if (offH > 23 || offM > 59) return undefined;
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, ms);
  const offsetMs = (offH * 60 + offM) * 60_000 * (sign === '-' ? -1 : 1);
  return utc.getTime() - offsetMs;
}

/** "expDate | string | yes | ISO 8601 timestamp; after it the short URL redirects to a not-found page." */
function checkExpDate(value: unknown, at: string, now: number, out: FieldProblem[]): number | undefined {
  if (typeof value !== 'string') {
    out.push({ pointer: at, code: value === undefined ? 'required' : 'type', detail: 'expDate is a required string' });
    return undefined;
  }
  const ms = parseIsoTimestamp(value);
  if (ms === undefined || Number.isNaN(ms)) {
    out.push({ pointer: at, code: 'invalid_timestamp', detail: 'expDate must be an ISO 8601 date-time' });
    return undefined;
  }
  if (ms <= now) {
    out.push({ pointer: at, code: 'past_timestamp', detail: 'expDate must be in the future' });
    return undefined;
  }
  return ms;
}

function checkOptionalText(
  obj: Record<string, unknown>,
  key: string,
  at: string,
  max: number,
  out: FieldProblem[],
): string | undefined {
  if (!has(obj, key)) return undefined;
  const value = obj[key];
  if (typeof value !== 'string') {
    out.push({ pointer: at, code: 'type', detail: `${key} must be a string when present` });
    return undefined;
  }
  if (value.length === 0 || value.length > max) {
    out.push({ pointer: at, code: 'length', detail: `${key} must be 1 to ${max} characters` });
    return undefined;
  }
  return value;
}

/** "path | string | no | Requests a vanity path". */
function checkPath(obj: Record<string, unknown>, at: string, out: FieldProblem[]): string | undefined {
  const path = checkOptionalText(obj, 'path', at, MAX_PATH, out);
  if (path !== undefined && !VANITY_PATH.test(path)) {
    out.push({
      pointer: at,
      code: 'invalid_path',
      detail:
        "path may hold letters, digits, '-' and '_' in segments separated by single '/', without a leading or trailing '/'",
    });
    return undefined;
  }
  return path;
}

/** "domain | enum | no, default `m` | `m`, `go`, `bca.m`, `t.m`". */
function checkDomain(obj: Record<string, unknown>, at: string, out: FieldProblem[]): Domain | undefined {
  if (!has(obj, 'domain')) return DEFAULT_DOMAIN;
  const value = obj.domain;
  if (typeof value === 'string' && (DOMAINS as readonly string[]).includes(value)) return value as Domain;
  out.push({ pointer: at, code: 'enum', detail: `domain must be one of ${DOMAINS.join(', ')}` });
  return undefined;
}

/** "params (all optional strings): campaignId, country, channel; da.redirect.cache-control; da.couch.retention". */
function checkParams(obj: Record<string, unknown>, at: string, out: FieldProblem[]): Params | undefined {
  if (!has(obj, 'params')) return undefined;
  const raw = obj.params;
  if (!isPlainObject(raw)) {
    out.push({ pointer: at, code: 'type', detail: 'params must be an object when present' });
    return undefined;
  }
  const params: Params = {};
  for (const key of Object.keys(raw)) {
    if ((PARAM_KEYS as readonly string[]).includes(key)) continue;
    // An unknown advanced option would change behaviour silently if ignored; plain metadata keys are dropped.
    if (key.startsWith('da.')) {
      out.push({
        pointer: `${at}/${escapePointer(key)}`,
        code: 'unsupported_option',
        detail: `${key} is not a known option`,
      });
    }
  }
  for (const key of PARAM_KEYS) {
    const value = checkOptionalText(raw, key, `${at}/${escapePointer(key)}`, MAX_TEXT, out);
    if (value !== undefined) params[key] = value;
  }
  // "da.redirect.cache-control (only valid value `no-store`, which prevents caching)".
  const cache = params['da.redirect.cache-control'];
  if (cache !== undefined && cache !== 'no-store') {
    out.push({
      pointer: `${at}/da.redirect.cache-control`,
      code: 'enum',
      detail: 'da.redirect.cache-control accepts only no-store',
    });
    delete params['da.redirect.cache-control'];
  }
  // "da.couch.retention (number of days, zero or greater, ...)".
  const retention = params['da.couch.retention'];
  if (retention !== undefined && !/^\d+$/.test(retention)) {
    out.push({
      pointer: `${at}/da.couch.retention`,
      code: 'invalid_number',
      detail: 'da.couch.retention must be a whole number of days, zero or greater',
    });
    delete params['da.couch.retention'];
  }
  return params;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function validateMapping(item: unknown, index: number, now: number, out: FieldProblem[]): ValidMapping | undefined {
  const at = `/${index}`;
  if (!isPlainObject(item)) {
    out.push({ pointer: at, code: 'type', detail: 'each element must be a mappingRequest object' });
    return undefined;
  }
  const before = out.length;
  const longUrl = checkLongUrl(item.longUrl, `${at}/longUrl`, out);
  const expMs = checkExpDate(item.expDate, `${at}/expDate`, now, out);
  const path = checkPath(item, `${at}/path`, out);
  const domain = checkDomain(item, `${at}/domain`, out);
  const params = checkParams(item, `${at}/params`, out);
  const user = checkOptionalText(item, 'user', `${at}/user`, MAX_TEXT, out);
  const userGroup = checkOptionalText(item, 'userGroup', `${at}/userGroup`, MAX_TEXT, out);
  if (out.length !== before || longUrl === undefined || expMs === undefined || domain === undefined) return undefined;
  return { index, longUrl, expMs, path, domain, params, user, userGroup };
}

// ---------------------------------------------------------------------------------------------
// Store
// ---------------------------------------------------------------------------------------------

/** Paths are reserved per domain and compared without regard to case. */
function storeKey(domain: Domain, path: string): string {
  return `${domain}\u0000${path.toLowerCase()}`;
}

function retentionMs(params: Params | undefined): number {
  const raw = params?.['da.couch.retention'];
  const days = raw === undefined ? DEFAULT_RETENTION_DAYS : Math.min(Number(raw), 100_000);
  return days * DAY_MS;
}

class MappingStore {
  private readonly byKey = new Map<string, StoredMapping>();

  get size(): number {
    return this.byKey.size;
  }

  /** A path stays taken while the link is live and while its history is retained after expiry. */
  isTaken(domain: Domain, path: string, now: number): boolean {
    const found = this.byKey.get(storeKey(domain, path));
    if (!found) return false;
    if (found.purgeMs <= now) {
      this.byKey.delete(storeKey(domain, path));
      return false;
    }
    return true;
  }

  lookup(domain: Domain, path: string, now: number): StoredMapping | undefined {
    return this.isTaken(domain, path, now) ? this.byKey.get(storeKey(domain, path)) : undefined;
  }

  add(mapping: StoredMapping): void {
    this.byKey.set(storeKey(mapping.domain, mapping.path), mapping);
  }

  /** Drops records whose retention is over. */
  sweep(now: number): void {
    for (const [key, value] of this.byKey) if (value.purgeMs <= now) this.byKey.delete(key);
  }

  /** Makes room for `needed` records: first retention-over records, then expired ones (oldest expiry first). */
  makeRoom(needed: number, now: number): boolean {
    if (this.byKey.size + needed <= MAX_STORED) return true;
    this.sweep(now);
    if (this.byKey.size + needed <= MAX_STORED) return true;
    const expired = [...this.byKey.entries()].filter(([, v]) => v.expMs < now).sort((a, b) => a[1].expMs - b[1].expMs);
    for (const [key] of expired) {
      if (this.byKey.size + needed <= MAX_STORED) break;
      this.byKey.delete(key);
    }
    return this.byKey.size + needed <= MAX_STORED;
  }
}

function generatePath(): string {
  // Rejection-free: 256 is a multiple of 32, so byte % 32 is uniform.
  const bytes = randomBytes(GENERATED_LENGTH);
  let out = '';
  for (const b of bytes) out += GENERATED_ALPHABET[b % GENERATED_ALPHABET.length];
  return out;
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------------------------

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Error bodies follow RFC 9457 problem details ("The body of the 400 response: not shown."). */
function sendProblem(res: ServerResponse, problem: HttpProblem): void {
  const body: Record<string, unknown> = {
    type: problem.type,
    title: problem.title,
    status: problem.status,
    detail: problem.message,
  };
  if (problem.errors.length > 0) body.errors = problem.errors.slice(0, MAX_ERRORS_REPORTED);
  const text = JSON.stringify(body);
  res.writeHead(problem.status, {
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...problem.headers,
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string, method: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(method === 'HEAD' ? undefined : html);
}

const PROBLEM = 'urn:url-shortening:problem:';

function badRequest(detail: string, errors: FieldProblem[] = []): HttpProblem {
  return new HttpProblem(400, `${PROBLEM}invalid-request`, 'Invalid mapping request', detail, errors);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      reject(badRequest(`The request body exceeds ${MAX_BODY_BYTES} bytes`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      total += chunk.length;
      if (total > MAX_BODY_BYTES) {
        done = true;
        chunks.length = 0;
        reject(badRequest(`The request body exceeds ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
    req.on('error', (err) => {
      if (!done) {
        done = true;
        reject(err);
      }
    });
  });
}

function tokenMatches(header: string | undefined, expectedDigest: Buffer): boolean {
  if (header === undefined) return false;
  const m = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  if (!m?.[1]) return false;
  const given = createHash('sha256').update(m[1]).digest();
  return timingSafeEqual(given, expectedDigest);
}

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

class ShortenerApp {
  readonly store = new MappingStore();
  origin = '';

  constructor(private readonly tokenDigest: Buffer) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = url.pathname;
    if (pathname === `${BASE_PATH}/mappings`) {
      if (method !== 'POST') {
        throw new HttpProblem(405, `${PROBLEM}method-not-allowed`, 'Method not allowed', 'Use POST on /mappings', [], {
          allow: 'POST',
        });
      }
      await this.postMappings(req, res);
      return;
    }
    if (pathname === NOT_FOUND_PAGE) {
      sendHtml(res, 404, notFoundHtml('This short link has expired.'), method);
      return;
    }
    if (pathname.startsWith(`${LINK_PREFIX}/`)) {
      if (method !== 'GET' && method !== 'HEAD') {
        throw new HttpProblem(405, `${PROBLEM}method-not-allowed`, 'Method not allowed', 'Short links accept GET', [], {
          allow: 'GET, HEAD',
        });
      }
      this.redirect(pathname.slice(LINK_PREFIX.length + 1), method, res);
      return;
    }
    throw new HttpProblem(404, `${PROBLEM}not-found`, 'Not found', `No resource at ${pathname}`);
  }

  /** POST /mappings: "JSON array of mappingRequest." → "200 {mappings: list of shortenResponse}; 400." */
  private async postMappings(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // "Authentication of the shortening operation: not shown." This team requires a bearer token.
    if (!tokenMatches(req.headers.authorization, this.tokenDigest)) {
      throw new HttpProblem(401, `${PROBLEM}unauthorized`, 'Unauthorized', 'A valid bearer token is required', [], {
        'www-authenticate': 'Bearer realm="url-shortening"',
      });
    }
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (contentType !== '' && contentType !== 'application/json' && !contentType.endsWith('+json')) {
      req.resume();
      throw badRequest('The request body must be JSON ("All bodies are JSON")');
    }
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('The request body is not valid JSON');
    }
    if (!Array.isArray(body)) throw badRequest('The request body must be a JSON array of mappingRequest');
    if (body.length > MAX_BATCH) throw badRequest(`At most ${MAX_BATCH} mappingRequest may be sent in one request`);

    const now = Date.now();
    const problems: FieldProblem[] = [];
    const valid: ValidMapping[] = [];
    body.forEach((item, index) => {
      const mapping = validateMapping(item, index, now, problems);
      if (mapping) valid.push(mapping);
    });
    if (problems.length > 0) {
      throw badRequest(`${problems.length} problem(s) in the request body; no mapping was registered`, problems);
    }
    this.checkVanityPaths(valid, now);
    if (!this.store.makeRoom(valid.length, now)) {
      throw new HttpProblem(503, `${PROBLEM}capacity`, 'Store full', 'Too many live short URLs; retry later', [], {
        'retry-after': '60',
      });
    }
    const created = this.commit(valid, now);
    sendJson(res, 200, { mappings: created.map((m) => this.toResponse(m)) });
  }

  /** "when taken for the requested domain the request fails with HTTP 400" – also within the same batch. */
  private checkVanityPaths(valid: ValidMapping[], now: number): void {
    const seen = new Set<string>();
    const taken: FieldProblem[] = [];
    for (const m of valid) {
      if (m.path === undefined) continue;
      const key = storeKey(m.domain, m.path);
      if (seen.has(key) || this.store.isTaken(m.domain, m.path, now)) {
        taken.push({
          pointer: `/${m.index}/path`,
          code: 'path_taken',
          detail: `The path ${m.path} is already taken for domain ${m.domain}`,
        });
      }
      seen.add(key);
    }
    if (taken.length > 0) {
      throw new HttpProblem(
        400,
        `${PROBLEM}path-taken`,
        'Vanity path taken',
        `${taken.length} requested path(s) already taken; no mapping was registered`,
        taken,
      );
    }
  }

  /** All-or-nothing: nothing is stored unless every element is valid and every vanity path is free. */
  private commit(valid: ValidMapping[], now: number): StoredMapping[] {
    const reserved = new Set<string>();
    for (const m of valid) if (m.path !== undefined) reserved.add(storeKey(m.domain, m.path));
    const created: StoredMapping[] = [];
    for (const m of valid) {
      let path = m.path;
      if (path === undefined) {
        do path = generatePath();
        while (reserved.has(storeKey(m.domain, path)) || this.store.isTaken(m.domain, path, now));
        reserved.add(storeKey(m.domain, path));
      }
      created.push({
        domain: m.domain,
        path,
        longUrl: m.longUrl,
        expMs: m.expMs,
        purgeMs: m.expMs + retentionMs(m.params),
        noStore: m.params?.['da.redirect.cache-control'] === 'no-store',
        vanity: m.path !== undefined,
        params: m.params,
        user: m.user,
        userGroup: m.userGroup,
        createdMs: now,
      });
    }
    for (const c of created) this.store.add(c);
    // The document fixes no order: answers are grouped by domain (m, go, bca.m, t.m), request order within a domain.
    return created
      .map((c, i) => ({ c, i }))
      .sort((a, b) => DOMAINS.indexOf(a.c.domain) - DOMAINS.indexOf(b.c.domain) || a.i - b.i)
      .map(({ c }) => c);
  }

  private shortUrl(m: StoredMapping): string {
    return `${this.origin}${LINK_PREFIX}/${m.domain}/${m.path}`;
  }

  /** shortenResponse: longUrl, shortUrl, expDate required; params optional (echoed when sent). */
  private toResponse(m: StoredMapping): Record<string, unknown> {
    const out: Record<string, unknown> = {
      longUrl: m.longUrl,
      shortUrl: this.shortUrl(m),
      expDate: new Date(m.expMs).toISOString(),
    };
    if (m.params !== undefined) out.params = { ...m.params };
    return out;
  }

  /** Short links: live → redirect to longUrl; expired → "redirects to a not-found page". */
  private redirect(rest: string, method: string, res: ServerResponse): void {
    const slash = rest.indexOf('/');
    const domain = slash > 0 ? rest.slice(0, slash) : '';
    let path = '';
    try {
      path = decodeURIComponent(rest.slice(slash + 1));
    } catch {
      path = '';
    }
    const now = Date.now();
    const known = (DOMAINS as readonly string[]).includes(domain) && VANITY_PATH.test(path);
    const found = known ? this.store.lookup(domain as Domain, path, now) : undefined;
    if (!found) {
      sendHtml(res, 404, notFoundHtml('This short link does not exist.'), method);
      return;
    }
    if (found.expMs < now) {
      res.writeHead(302, {
        location: `${this.origin}${NOT_FOUND_PAGE}`,
        'cache-control': 'no-store',
        'content-length': 0,
      });
      res.end();
      return;
    }
    if (found.noStore) {
      // "`no-store`, which prevents caching".
      res.writeHead(302, { location: found.longUrl, 'cache-control': 'no-store', 'content-length': 0 });
    } else {
      // "without it the URL is cached automatically" – but never beyond the expiry date.
      const maxAge = Math.max(0, Math.min(REDIRECT_MAX_AGE_S, Math.floor((found.expMs - now) / 1000)));
      res.writeHead(301, {
        location: found.longUrl,
        'cache-control': `public, max-age=${maxAge}`,
        'content-length': 0,
      });
    }
    res.end();
  }
}

function notFoundHtml(message: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p>${message}</p></body></html>`;
}

export async function startBlindService(): Promise<BlindService> {
  const token = randomBytes(24).toString('base64url');
  const app = new ShortenerApp(createHash('sha256').update(token).digest());

  const server: Server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    app.handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const problem =
        err instanceof HttpProblem
          ? err
          : new HttpProblem(500, `${PROBLEM}internal`, 'Internal error', 'The request could not be processed');
      if (problem.status === 400 && !req.readableEnded) res.setHeader('connection', 'close');
      sendProblem(res, problem);
    });
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
  app.origin = `http://127.0.0.1:${port}`;

  const sweeper = setInterval(() => app.store.sweep(Date.now()), SWEEP_INTERVAL_MS);
  sweeper.unref();

  const baseUrl = `${app.origin}${BASE_PATH}`;
  return {
    baseUrl,
    section: { baseUrl, token: '${BLIND_SHORTENER_TOKEN}' },
    env: { BLIND_SHORTENER_TOKEN: token },
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweeper);
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Blind implementation of spec document 3, part B: the exchange-style envelope
 * (`code` / `msg` / `data`) and the batch order operation `POST /api/v5/trade/batch-orders`.
 *
 * Where the document is silent the behaviour follows the real exchange it summarises (OKX v5):
 * order fields, error codes, HTTP statuses, request signing and the rate-limit answer.
 * Every open choice is listed in CHOICES.md next to this file.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.exchange` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_EXCHANGE_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------
// Configuration (team choices; see CHOICES.md)
// ---------------------------------------------------------------------------

/** Gateway prefix in front of the API root; the signature never carries it (OKX signs from /api/v5). */
const BASE_PATH = '/venue';
const API_ROOT = '/api/v5';
const BATCH_ORDERS_PATH = `${API_ROOT}/trade/batch-orders`;

/** Header names. The document names EX-ACCESS-KEY and EX-ACCESS-SIGN; the other two follow OKX with the EX- prefix. */
const H_KEY = 'ex-access-key';
const H_SIGN = 'ex-access-sign';
const H_TIMESTAMP = 'ex-access-timestamp';
const H_PASSPHRASE = 'ex-access-passphrase';

/** "The timestamp must be within 30 seconds of server time." */
const TIMESTAMP_TOLERANCE_MS = 30_000;
/** Most orders one batch may carry (OKX allows 20; this desk allows 10). */
const MAX_BATCH_SIZE = 10;
/** Rate limit per API key: 25 requests in any rolling 1-second window. */
const RATE_LIMIT_MAX = 25;
const RATE_LIMIT_WINDOW_MS = 1_000;
/** Bounds on memory. */
const MAX_BODY_BYTES = 32 * 1024;
const MAX_DRAIN_BYTES = 1024 * 1024;
const MAX_LIVE_ORDERS = 500;

const SCALE_DIGITS = 18;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

// ---------------------------------------------------------------------------
// Envelope and error catalogue
// ---------------------------------------------------------------------------

/** "Every response of the interface, on success or failure, uses one envelope of three fields (code, msg, data)." */
interface Envelope {
  code: string;
  msg: string;
  data: unknown[];
  [extra: string]: unknown;
}

/** A request-level failure: HTTP status, top-level code and message (OKX error table). */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const Errors = {
  bodyEmpty: () => new ApiError(400, '50000', 'Body for POST request cannot be empty.'),
  jsonSyntax: () => new ApiError(400, '50002', 'JSON syntax error'),
  endpointInactive: (status = 410) => new ApiError(status, '50005', 'API endpoint is inactive or unavailable.'),
  contentType: () => new ApiError(400, '50006', 'Invalid Content-Type. Please use "application/JSON".'),
  rateLimited: (retryAfterS: number) =>
    new ApiError(
      429,
      '50011',
      'Rate limit reached. Please refer to API documentation and throttle requests accordingly.',
      { 'retry-after': String(retryAfterS) },
    ),
  paramEmpty: (name: string) => new ApiError(400, '50014', `Parameter ${name} can not be empty.`),
  system: () => new ApiError(500, '50026', 'System error. Try again later'),
  timestampExpired: () => new ApiError(401, '50102', 'Timestamp request expired.'),
  headerEmpty: (code: string, header: string) => new ApiError(401, code, `Request header "${header}" cannot be empty.`),
  passphraseIncorrect: () => new ApiError(401, '50105', 'Request header "EX-ACCESS-PASSPHRASE" incorrect.'),
  invalidKey: () => new ApiError(401, '50111', 'Invalid EX-ACCESS-KEY.'),
  invalidTimestamp: () => new ApiError(401, '50112', 'Invalid EX-ACCESS-TIMESTAMP.'),
  invalidSign: () => new ApiError(401, '50113', 'Invalid signature.'),
  invalidMethod: (allow: string) => new ApiError(405, '50115', 'Invalid request method.', { allow }),
  paramError: (name: string, status = 400) => new ApiError(status, '51000', `Parameter ${name} error`),
  batchTooLarge: () => new ApiError(200, '51111', `Maximum ${MAX_BATCH_SIZE} orders can be placed in bulk.`),
};

/** A per-item rejection inside a batch: "Batch items additionally carry sCode ... and sMsg". */
interface ItemFailure {
  sCode: string;
  sMsg: string;
  subCode?: string;
}

const itemFail = (sCode: string, sMsg: string, subCode = ''): ItemFailure => ({
  sCode,
  sMsg,
  subCode,
});
const itemParamError = (name: string) => itemFail('51000', `Parameter ${name} error`);
const itemParamEmpty = (name: string) => itemFail('50014', `Parameter ${name} can not be empty.`);

// ---------------------------------------------------------------------------
// Fixed-point decimals (strings in, strings out, never floats)
// ---------------------------------------------------------------------------

const DECIMAL_RE = /^\d+(?:\.\d+)?$/;

/** Parses a non-negative decimal string into a bigint scaled by 10^18; null when malformed or too precise. */
function parseDecimal(text: string): bigint | null {
  if (!DECIMAL_RE.test(text) || text.length > 40) return null;
  const [whole, frac = ''] = text.split('.');
  if (frac.length > SCALE_DIGITS) return null;
  return BigInt(whole ?? '0') * SCALE + BigInt(frac.padEnd(SCALE_DIGITS, '0'));
}

function dec(text: string): bigint {
  const value = parseDecimal(text);
  if (value === null) throw new Error(`bad decimal constant ${text}`);
  return value;
}

/** Product of two scaled values, rounded up (a requirement must never be under-counted). */
function mulCeil(a: bigint, b: bigint): bigint {
  return (a * b + SCALE - 1n) / SCALE;
}

/** Quotient of two scaled values, rounded up. */
function divCeil(a: bigint, b: bigint): bigint {
  return (a * SCALE + b - 1n) / b;
}

// ---------------------------------------------------------------------------
// Seeded market and account
// ---------------------------------------------------------------------------

interface Instrument {
  instId: string;
  baseCcy: string;
  quoteCcy: string;
  tickSz: bigint;
  lotSz: bigint;
  minSz: bigint;
  /** Reference price used to size base-denominated market buys for the balance check. */
  refPx: bigint;
}

function spot(instId: string, tickSz: string, lotSz: string, minSz: string, refPx: string): Instrument {
  const [baseCcy = '', quoteCcy = ''] = instId.split('-');
  return {
    instId,
    baseCcy,
    quoteCcy,
    tickSz: dec(tickSz),
    lotSz: dec(lotSz),
    minSz: dec(minSz),
    refPx: dec(refPx),
  };
}

/** The section's instrument is ETH-USDT; two more SPOT pairs make the catalogue non-trivial. */
const INSTRUMENTS: ReadonlyMap<string, Instrument> = new Map(
  [
    spot('ETH-USDT', '0.01', '0.000001', '0.0001', '3000'),
    spot('BTC-USDT', '0.1', '0.00000001', '0.00001', '60000'),
    spot('SOL-USDT', '0.001', '0.0001', '0.001', '150'),
  ].map((inst) => [inst.instId, inst]),
);
const SECTION_INSTRUMENT = 'ETH-USDT';

const SEED_BALANCES: Record<string, string> = {
  USDT: '50000000',
  ETH: '20000',
  BTC: '1000',
  SOL: '100000',
};

type Side = 'buy' | 'sell';

interface LiveOrder {
  ordId: string;
  clOrdId: string;
  instId: string;
  reservedCcy: string;
  reservedAmt: bigint;
}

/** One API key's account: balances, funds frozen by resting orders, and the resting orders themselves. */
class Account {
  readonly balances = new Map<string, bigint>();
  readonly frozen = new Map<string, bigint>();
  /** Insertion order = age, so the first entry is the oldest resting order. */
  readonly live = new Map<string, LiveOrder>();
  readonly liveByClOrdId = new Map<string, string>();
  /** Timestamps of the requests accepted in the current rate-limit window. */
  readonly hits: number[] = [];

  constructor(
    readonly apiKey: string,
    readonly secretKey: string,
    readonly passphrase: string,
  ) {
    for (const [ccy, amount] of Object.entries(SEED_BALANCES)) {
      this.balances.set(ccy, dec(amount));
    }
  }

  available(ccy: string): bigint {
    return (this.balances.get(ccy) ?? 0n) - (this.frozen.get(ccy) ?? 0n);
  }

  rest(order: LiveOrder): void {
    // Bounded memory: the oldest resting order expires (is cancelled) to make room.
    if (this.live.size >= MAX_LIVE_ORDERS) {
      const oldest = this.live.values().next().value;
      if (oldest !== undefined) this.release(oldest);
    }
    this.live.set(order.ordId, order);
    if (order.clOrdId !== '') this.liveByClOrdId.set(order.clOrdId, order.ordId);
    this.frozen.set(order.reservedCcy, (this.frozen.get(order.reservedCcy) ?? 0n) + order.reservedAmt);
  }

  private release(order: LiveOrder): void {
    this.live.delete(order.ordId);
    if (order.clOrdId !== '') this.liveByClOrdId.delete(order.clOrdId);
    this.frozen.set(order.reservedCcy, (this.frozen.get(order.reservedCcy) ?? 0n) - order.reservedAmt);
  }

  /** Sliding-window limiter; returns the milliseconds to wait, or 0 when the request is admitted. */
  admit(now: number): number {
    while (this.hits.length > 0 && now - (this.hits[0] ?? 0) >= RATE_LIMIT_WINDOW_MS) {
      this.hits.shift();
    }
    if (this.hits.length >= RATE_LIMIT_MAX) {
      return RATE_LIMIT_WINDOW_MS - (now - (this.hits[0] ?? now));
    }
    this.hits.push(now);
    return 0;
  }
}

// ---------------------------------------------------------------------------
// Authentication (OKX REST authentication, with EX- header names)
// ---------------------------------------------------------------------------

const ISO_TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const EPOCH_S_RE = /^\d{10}(?:\.\d{1,3})?$/;
const EPOCH_MS_RE = /^\d{13}$/;

/** ISO 8601 UTC as OKX documents it; this desk also takes Unix epoch seconds or milliseconds. */
function parseTimestamp(text: string): number | null {
  if (ISO_TS_RE.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  if (EPOCH_MS_RE.test(text)) return Number(text);
  if (EPOCH_S_RE.test(text)) return Math.round(Number(text) * 1000);
  return null;
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Verifies the signed headers in the order the real exchange reports them:
 * missing headers, timestamp format, clock skew, key, passphrase, then the signature.
 * Pre-hash: timestamp + METHOD + requestPath (from /api/v5, with its query) + raw body.
 */
function authenticate(
  req: IncomingMessage,
  signedPath: string,
  rawBody: string,
  accounts: ReadonlyMap<string, Account>,
): Account {
  const key = header(req, H_KEY);
  const sign = header(req, H_SIGN);
  const timestamp = header(req, H_TIMESTAMP);
  const passphrase = header(req, H_PASSPHRASE);
  if (key === '') throw Errors.headerEmpty('50103', 'EX-ACCESS-KEY');
  if (sign === '') throw Errors.headerEmpty('50106', 'EX-ACCESS-SIGN');
  if (timestamp === '') throw Errors.headerEmpty('50107', 'EX-ACCESS-TIMESTAMP');
  if (passphrase === '') throw Errors.headerEmpty('50104', 'EX-ACCESS-PASSPHRASE');

  const sentAt = parseTimestamp(timestamp);
  if (sentAt === null) throw Errors.invalidTimestamp();
  // "The timestamp must be within 30 seconds of server time." (either direction)
  if (Math.abs(Date.now() - sentAt) > TIMESTAMP_TOLERANCE_MS) throw Errors.timestampExpired();

  const account = accounts.get(key);
  if (account === undefined) throw Errors.invalidKey();
  if (!safeEqual(passphrase, account.passphrase)) throw Errors.passphraseIncorrect();

  const expected = createHmac('sha256', account.secretKey)
    .update(`${timestamp}${req.method ?? ''}${signedPath}${rawBody}`)
    .digest('base64');
  if (!safeEqual(sign, expected)) throw Errors.invalidSign();
  return account;
}

// ---------------------------------------------------------------------------
// Batch orders
// ---------------------------------------------------------------------------

const TD_MODES = new Set(['cross', 'isolated', 'cash', 'spot_isolated']);
const SIDES = new Set(['buy', 'sell']);
const ORD_TYPES = new Set([
  'market',
  'limit',
  'post_only',
  'fok',
  'ioc',
  'optimal_limit_ioc',
  'mmp',
  'mmp_and_post_only',
  'elp',
]);
const PRICED_ORD_TYPES = new Set(['limit', 'post_only', 'fok', 'ioc']);
/** With an empty simulated book these never rest: accepted, then expired at once. */
const IMMEDIATE_ORD_TYPES = new Set(['market', 'fok', 'ioc']);
const STP_MODES = new Set(['cancel_maker', 'cancel_taker', 'cancel_both']);
const CL_ORD_ID_RE = /^[A-Za-z0-9]{1,32}$/;
const TAG_RE = /^[A-Za-z0-9]{1,16}$/;

interface AcceptedOrder {
  instrument: Instrument;
  side: Side;
  ordType: string;
  clOrdId: string;
  tag: string;
  /** Funds this order needs: frozen while it rests, merely checked when it cannot rest. */
  needCcy: string;
  needAmt: bigint;
}

type Fields = Record<string, unknown>;

function isPlainObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an optional string field: undefined when absent or "", an ItemFailure when not a string. */
function optionalString(order: Fields, name: string): string | undefined | ItemFailure {
  const value = order[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return itemParamError(name);
  return value;
}

function requiredString(order: Fields, name: string): string | ItemFailure {
  const value = optionalString(order, name);
  if (value === undefined) return itemParamEmpty(name);
  return value;
}

function isFailure(value: unknown): value is ItemFailure {
  return isPlainObject(value) && typeof value.sCode === 'string';
}

/** Checks the optional fields OKX documents for a SPOT order in Spot account mode. */
function checkOptionalFields(order: Fields, ordType: string): ItemFailure | undefined {
  // posSide: "Do not send this field for SPOT or MARGIN orders."
  if (order.posSide !== undefined && order.posSide !== '') return itemParamError('posSide');
  if (order.reduceOnly !== undefined) {
    if (typeof order.reduceOnly !== 'boolean') return itemParamError('reduceOnly');
    if (order.reduceOnly) {
      return itemFail('51139', 'Reduce-only feature is unavailable for the spot transactions by spot mode.');
    }
  }
  if (order.banAmend !== undefined && typeof order.banAmend !== 'boolean') {
    return itemParamError('banAmend');
  }
  for (const [name, allowed] of [
    ['tgtCcy', new Set(['base_ccy', 'quote_ccy'])],
    ['stpMode', STP_MODES],
    ['pxAmendType', new Set(['0', '1'])],
  ] as const) {
    const value = optionalString(order, name);
    if (isFailure(value)) return value;
    if (value !== undefined && !allowed.has(value)) return itemParamError(name);
  }
  if (order.stpMode === 'cancel_both' && ordType === 'fok') return itemParamError('stpMode');
  const ccy = optionalString(order, 'ccy');
  if (isFailure(ccy)) return ccy;
  if (order.attachAlgoOrds !== undefined) {
    if (!Array.isArray(order.attachAlgoOrds)) return itemParamError('attachAlgoOrds');
    if (order.attachAlgoOrds.length > 0) {
      return itemFail('51010', 'Request unsupported under current account mode');
    }
  }
  return undefined;
}

/** Funds an order needs, in the currency it spends (OKX: buy spends quote, sell spends base). */
function requirement(
  instrument: Instrument,
  side: Side,
  ordType: string,
  sz: bigint,
  px: bigint | undefined,
  tgtCcy: string | undefined,
): { ccy: string; amount: bigint } {
  if (side === 'sell') {
    // A sell sized in quote currency needs base worth sz at the reference price.
    const amount = ordType === 'market' && tgtCcy === 'quote_ccy' ? divCeil(sz, instrument.refPx) : sz;
    return { ccy: instrument.baseCcy, amount };
  }
  if (ordType === 'market') {
    // "Default is quote_ccy for buy": sz is already an amount of the quote currency.
    const amount = tgtCcy === 'base_ccy' ? mulCeil(sz, instrument.refPx) : sz;
    return { ccy: instrument.quoteCcy, amount };
  }
  return { ccy: instrument.quoteCcy, amount: mulCeil(sz, px ?? 0n) };
}

/** Validates one order of the batch; never throws, a failure becomes that item's sCode. */
function validateOrder(raw: unknown, account: Account, clOrdIdsInRequest: Set<string>): AcceptedOrder | ItemFailure {
  if (!isPlainObject(raw)) return itemParamError('order');

  const clOrdId = optionalString(raw, 'clOrdId');
  if (isFailure(clOrdId)) return clOrdId;
  if (clOrdId !== undefined && !CL_ORD_ID_RE.test(clOrdId)) return itemParamError('clOrdId');
  const tag = optionalString(raw, 'tag');
  if (isFailure(tag)) return tag;
  if (tag !== undefined && !TAG_RE.test(tag)) return itemParamError('tag');

  const fields: Record<string, string> = {};
  for (const name of ['instId', 'tdMode', 'side', 'ordType', 'sz']) {
    const value = requiredString(raw, name);
    if (isFailure(value)) return value;
    fields[name] = value;
  }
  const { instId = '', tdMode = '', side = '', ordType = '', sz: szText = '' } = fields;

  const instrument = INSTRUMENTS.get(instId);
  if (instrument === undefined) {
    return itemFail('51001', "Instrument ID, Instrument ID code or Spread ID doesn't exist.");
  }
  if (!TD_MODES.has(tdMode)) return itemParamError('tdMode');
  // The seeded account is in Spot mode, where SPOT trades with tdMode `cash` only.
  if (tdMode !== 'cash') return itemFail('51010', 'Request unsupported under current account mode');
  if (!SIDES.has(side)) return itemParamError('side');
  if (!ORD_TYPES.has(ordType)) return itemParamError('ordType');
  if (ordType === 'mmp' || ordType === 'mmp_and_post_only') {
    return itemFail('51036', 'Only options instrument of the PM account supports MMP orders.');
  }
  if (!PRICED_ORD_TYPES.has(ordType) && ordType !== 'market') return itemParamError('ordType');

  const optionalFailure = checkOptionalFields(raw, ordType);
  if (optionalFailure !== undefined) return optionalFailure;

  const sz = parseDecimal(szText);
  if (sz === null || sz === 0n) return itemParamError('sz');

  let px: bigint | undefined;
  if (PRICED_ORD_TYPES.has(ordType)) {
    const pxText = requiredString(raw, 'px');
    if (isFailure(pxText)) return pxText;
    const parsed = parseDecimal(pxText);
    if (parsed === null || parsed === 0n) return itemParamError('px');
    if (parsed % instrument.tickSz !== 0n) {
      return itemFail('51150', 'The precision of the number of trades or the price exceeds the limit.');
    }
    px = parsed;
  }

  const tgtCcy = typeof raw.tgtCcy === 'string' && ordType === 'market' ? raw.tgtCcy : undefined;
  const sizedInBase = ordType !== 'market' || (side === 'buy' ? tgtCcy === 'base_ccy' : tgtCcy !== 'quote_ccy');
  if (sizedInBase) {
    if (sz % instrument.lotSz !== 0n) {
      return itemFail('51121', 'Order quantity must be a multiple of the lot size.');
    }
    if (sz < instrument.minSz) {
      return itemFail('51020', 'Your order should meet or exceed the minimum order amount.');
    }
  }

  // clOrdId "must be unique among all pending orders and the current request".
  if (clOrdId !== undefined) {
    if (clOrdIdsInRequest.has(clOrdId) || account.liveByClOrdId.has(clOrdId)) {
      return itemFail('51016', 'Client order ID already exists.');
    }
  }

  const need = requirement(instrument, side as Side, ordType, sz, px, tgtCcy);
  if (need.amount > account.available(need.ccy)) {
    return itemFail('51008', `Order failed. Insufficient ${need.ccy} balance in account`, '1000');
  }

  return {
    instrument,
    side: side as Side,
    ordType,
    clOrdId: clOrdId ?? '',
    tag: tag ?? '',
    needCcy: need.ccy,
    needAmt: need.amount,
  };
}

let ordSeq = 0;
/** Numeric order IDs, as OKX issues them (milliseconds followed by a sequence). */
function nextOrdId(now: number): string {
  ordSeq = (ordSeq + 1) % 1_000_000;
  return (BigInt(now) * 1_000_000n + BigInt(ordSeq)).toString();
}

function microsNow(): string {
  return BigInt(Math.floor((performance.timeOrigin + performance.now()) * 1000)).toString();
}

function itemClOrdId(raw: unknown): string {
  return isPlainObject(raw) && typeof raw.clOrdId === 'string' ? raw.clOrdId : '';
}

function itemTag(raw: unknown): string {
  return isPlainObject(raw) && typeof raw.tag === 'string' ? raw.tag : '';
}

/**
 * "Orders will be placed in turn": items are handled in order, each one seeing the funds frozen by the
 * items before it. Top-level code: 0 when all succeed, 2 on partial success, 1 when all fail (OKX).
 */
function placeBatch(body: unknown, account: Account, inTime: string): Envelope {
  if (!Array.isArray(body)) throw Errors.paramError('body');
  if (body.length === 0) throw Errors.paramEmpty('data');
  if (body.length > MAX_BATCH_SIZE) throw Errors.batchTooLarge();

  const clOrdIdsInRequest = new Set<string>();
  const data = body.map((raw: unknown) => {
    const now = Date.now();
    const result = validateOrder(raw, account, clOrdIdsInRequest);
    if (isFailure(result)) {
      return {
        ordId: '',
        clOrdId: itemClOrdId(raw),
        tag: itemTag(raw),
        ts: String(now),
        sCode: result.sCode,
        sMsg: result.sMsg,
        subCode: result.subCode ?? '',
      };
    }
    const ordId = nextOrdId(now);
    if (result.clOrdId !== '') clOrdIdsInRequest.add(result.clOrdId);
    if (!IMMEDIATE_ORD_TYPES.has(result.ordType)) {
      account.rest({
        ordId,
        clOrdId: result.clOrdId,
        instId: result.instrument.instId,
        reservedCcy: result.needCcy,
        reservedAmt: result.needAmt,
      });
    }
    return {
      ordId,
      clOrdId: result.clOrdId,
      tag: result.tag,
      ts: String(now),
      sCode: '0',
      sMsg: 'Order placed',
      subCode: '',
    };
  });

  const succeeded = data.filter((item) => item.sCode === '0').length;
  const [code, msg] =
    succeeded === data.length
      ? ['0', '']
      : succeeded === 0
        ? ['1', 'Operation failed.']
        : ['2', 'Bulk operation partially succeeded.'];
  return { code, msg, data, inTime, outTime: microsNow() };
}

// ---------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------

function send(res: ServerResponse, status: number, envelope: Envelope, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const payload = JSON.stringify(envelope);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

function sendError(res: ServerResponse, error: ApiError): void {
  send(res, error.status, { code: error.code, msg: error.message, data: [] }, error.headers);
}

/** Reads the raw body; bodies over the cap are drained (up to a hard limit) and reported as too large. */
function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        reject(new Error('body over drain limit'));
        return;
      }
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }));
    req.on('error', reject);
  });
}

interface Route {
  /** Path from the API root with its query, as the pre-hash carries it. */
  signedPath: string;
  pathname: string;
}

/** Splits the request target into the gateway prefix and the API path; null when outside the base. */
function route(rawUrl: string): Route | null {
  if (rawUrl !== BASE_PATH && !rawUrl.startsWith(`${BASE_PATH}/`) && !rawUrl.startsWith(`${BASE_PATH}?`)) {
    return null;
  }
  const signedPath = rawUrl.slice(BASE_PATH.length);
  const queryAt = signedPath.indexOf('?');
  const pathname = queryAt === -1 ? signedPath : signedPath.slice(0, queryAt);
  return { signedPath, pathname };
}

function isJsonContentType(req: IncomingMessage): boolean {
  const type = header(req, 'content-type').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  accounts: ReadonlyMap<string, Account>,
): Promise<void> {
  const inTime = microsNow();
  const body = await readBody(req);
  const target = route(req.url ?? '/');
  if (target === null) throw Errors.endpointInactive(404);
  // Only the operation the document shows is served; every other path (order details
  // `GET /api/v5/trade/order` included) answers as OKX answers an inactive endpoint.
  if (target.pathname !== BATCH_ORDERS_PATH) throw Errors.endpointInactive();
  if (req.method !== 'POST') throw Errors.invalidMethod('POST');
  if (body.tooLarge) throw Errors.paramError('body', 413);

  const account = authenticate(req, target.signedPath, body.text, accounts);
  const waitMs = account.admit(Date.now());
  if (waitMs > 0) throw Errors.rateLimited(Math.max(1, Math.ceil(waitMs / 1000)));

  if (body.text.trim() === '') throw Errors.bodyEmpty();
  if (!isJsonContentType(req)) throw Errors.contentType();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    throw Errors.jsonSyntax();
  }
  send(res, 200, placeBatch(parsed, account, inTime));
}

function randomAlnum(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

function listen(server: Server): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startBlindService(): Promise<BlindService> {
  // Credentials in OKX's shapes: a UUID-like key, a 32-hex-digit secret, a passphrase.
  const apiKey = [8, 4, 4, 4, 12].map((n) => randomBytes(n).toString('hex').slice(0, n)).join('-');
  const secretKey = randomBytes(16).toString('hex').toUpperCase();
  const passphrase = `Pp${randomAlnum(14)}`;
  const accounts = new Map<string, Account>([[apiKey, new Account(apiKey, secretKey, passphrase)]]);

  const server = createServer((req, res) => {
    handle(req, res, accounts).catch((error: unknown) => {
      if (error instanceof ApiError) sendError(res, error);
      else if (!res.headersSent && !res.destroyed) sendError(res, Errors.system());
    });
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 5_000;
  server.maxConnections = 256;

  const address = await listen(server);
  const baseUrl = `http://127.0.0.1:${address.port}${BASE_PATH}`;

  const section: Record<string, unknown> = {
    baseUrl,
    credentials: {
      apiKey: '${BLIND_EXCHANGE_API_KEY}',
      secretKey: '${BLIND_EXCHANGE_SECRET_KEY}',
      passphrase: '${BLIND_EXCHANGE_PASSPHRASE}',
    },
    instrument: SECTION_INSTRUMENT,
    maxBatchSize: MAX_BATCH_SIZE,
    signing: {
      keyHeader: 'EX-ACCESS-KEY',
      signHeader: 'EX-ACCESS-SIGN',
      timestampHeader: 'EX-ACCESS-TIMESTAMP',
      passphraseHeader: 'EX-ACCESS-PASSPHRASE',
      pathFrom: 'api-root',
    },
    orderTemplate: { tdMode: 'cash' },
    expectations: {
      missingSignatureCodes: ['50106'],
      codeRanges: false,
    },
    rateLimitProbe: {
      limitAtMost: 50,
    },
  };

  return {
    baseUrl,
    section,
    env: {
      BLIND_EXCHANGE_API_KEY: apiKey,
      BLIND_EXCHANGE_SECRET_KEY: secretKey,
      BLIND_EXCHANGE_PASSPHRASE: passphrase,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

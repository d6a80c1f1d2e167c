/**
 * Partner-side receiver of agentic-commerce notifications (document 2, part C).
 *
 * "The service sends updates about enrollment, intent and payment credentials to a partner's endpoint.
 *  Payloads are JWE-encrypted on the wire." This module is that partner endpoint:
 *   POST {agentic_base_url}/payments/digital/v1/agentic-commerce/notifications
 *
 * Open choices are listed, with the sentence leaving each open, in CHOICES.md next to this file.
 */
import { createHash, generateKeyPair, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { promisify } from 'node:util';
import { compactDecrypt, decodeProtectedHeader, exportJWK } from 'jose';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.agentic` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_AGENTIC_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------------------------

/** Our own mount point; the document only says paths are "relative to the base address of the area". */
const BASE_PATH = '/ace-partner';
/** "POST | /payments/digital/v1/agentic-commerce/notifications" */
const NOTIFICATIONS_PATH = `${BASE_PATH}/payments/digital/v1/agentic-commerce/notifications`;

/** "key exchange and algorithms of that encryption: not shown" - our choice: RSA-OAEP (SHA-1) + A128CBC-HS256. */
const JWE_ALG = 'RSA-OAEP';
const JWE_ENC = 'A128CBC-HS256';
/** The JSON member of the request body that carries the compact JWE (our naming). */
const BODY_FIELD = 'encPayload';

/** Caps that keep memory bounded ("Rate limits and quotas for these interfaces: not shown"). */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_HEADER_VALUE_LENGTH = 128;
const MAX_PROOF_OF_INTENT_LENGTH = 8 * 1024;
const MAX_REMEMBERED_TRACKING_IDS = 5_000;
const MAX_HISTORY_PER_ENROLLMENT = 50;
/** Clock leeway applied to the proof-of-intent "exp" / "nbf" claims (RFC 7519 4.1.4 allows "some small leeway"). */
const CLOCK_LEEWAY_SECONDS = 60;

/** Identifiers: our own habit - letters, digits, hyphen, underscore, dot, colon; the document gives no format. */
const HEADER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const ENROLLMENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Enumerations of area C, exactly as the payload table states them. */
const ENROLLMENT_STATUSES = ['ACTIVE', 'SUSPEND', 'CANCEL', 'RESUME'] as const;
const INTENT_STATUSES = ['ACTIVE', 'CANCEL'] as const;
const PAYMENT_CREDENTIAL_STATUSES = ['ACTIVE', 'CANCEL'] as const;

type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
type IntentStatus = (typeof INTENT_STATUSES)[number];
type PaymentCredentialStatus = (typeof PAYMENT_CREDENTIAL_STATUSES)[number];

/** Error codes of our own numbering; only 500's `20001` is written in the document. */
const CODES = {
  missingHeader: '10101',
  invalidHeader: '10102',
  unsupportedMediaType: '10201',
  bodyTooLarge: '10202',
  bodyNotJson: '10203',
  invalidEnvelope: '10204',
  invalidJwe: '10301',
  unknownKey: '10302',
  algorithmNotAccepted: '10303',
  decryptionFailed: '10304',
  plaintextNotJson: '10305',
  missingField: '10401',
  invalidField: '10402',
  unexpectedField: '10403',
  unknownEnrollment: '30101',
  unauthorized: '40100',
  notFound: '40400',
  methodNotAllowed: '40500',
  internal: '20001',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------------

/** A failure that maps onto one of the documented error bodies. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly extra: { type?: string; param?: string; headers?: Record<string, string> } = {},
  ) {
    super(description);
  }
}

/** "400 | error {code string, description string, type `USER_EXCEPTION`, param string optional (offending parameter)}" */
function userError(code: string, description: string, param?: string): ApiError {
  return new ApiError(
    400,
    code,
    description,
    param === undefined ? { type: 'USER_EXCEPTION' } : { type: 'USER_EXCEPTION', param },
  );
}

/** "422 | error {code, description, type `BUSINESS_EXCEPTION`}" */
function businessError(code: string, description: string): ApiError {
  return new ApiError(422, code, description, { type: 'BUSINESS_EXCEPTION' });
}

// ---------------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------------

interface HistoryEntry {
  trackingId: string;
  agentId: string;
  notificationType: NotificationType;
  status: string;
  receivedAt: string;
}

/** What the partner knows of one enrollment. "Transitions: not shown" - every documented status is accepted. */
interface Enrollment {
  enrollmentId: string;
  enrollmentStatus: EnrollmentStatus;
  intentStatus?: IntentStatus;
  paymentCredentialStatus?: PaymentCredentialStatus;
  lastStepUpSessionId?: string;
  history: HistoryEntry[];
}

type NotificationType = 'ENROLLMENT_UPDATE' | 'INTENT_UPDATE' | 'PAYMENT_CREDENTIAL_UPDATE';

type Notification =
  | {
      notificationType: 'ENROLLMENT_UPDATE';
      enrollmentStatus: EnrollmentStatus;
      enrollmentId: string;
      stepUpSessionId?: string;
    }
  | {
      notificationType: 'INTENT_UPDATE';
      enrollmentId: string;
      intentStatus: IntentStatus;
      proofOfIntent: string;
      stepUpSessionId?: string;
    }
  | {
      notificationType: 'PAYMENT_CREDENTIAL_UPDATE';
      enrollmentId: string;
      paymentCredentialStatus: PaymentCredentialStatus;
      stepUpSessionId?: string;
    };

/** Deliveries already applied, by trackingId ("unique tracking identifier"), for idempotent redelivery. */
interface DeliveryRecord {
  fingerprint: string;
}

class PartnerState {
  readonly enrollments = new Map<string, Enrollment>();
  private readonly deliveries = new Map<string, DeliveryRecord>();

  seed(enrollmentId: string, status: EnrollmentStatus): void {
    this.enrollments.set(enrollmentId, { enrollmentId, enrollmentStatus: status, history: [] });
  }

  deliveryFor(trackingId: string): DeliveryRecord | undefined {
    return this.deliveries.get(trackingId);
  }

  rememberDelivery(trackingId: string, record: DeliveryRecord): void {
    this.deliveries.delete(trackingId);
    // Oldest-first eviction keeps the map bounded (Map preserves insertion order).
    if (this.deliveries.size >= MAX_REMEMBERED_TRACKING_IDS) {
      const oldest = this.deliveries.keys().next();
      if (!oldest.done) this.deliveries.delete(oldest.value);
    }
    this.deliveries.set(trackingId, record);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Request reading and response writing
// ---------------------------------------------------------------------------------------------------------------

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

function sendError(res: ServerResponse, err: ApiError, echo: Record<string, string>): void {
  const error: Record<string, string> = { code: err.code, description: err.description };
  if (err.extra.type !== undefined) error.type = err.extra.type;
  if (err.extra.param !== undefined) error.param = err.extra.param;
  sendJson(res, err.status, { error }, { ...echo, ...err.extra.headers });
}

/** "500 | error {code `20001`, description `Internal server error`, type `SYSTEM_EXCEPTION`}" */
function sendInternalError(res: ServerResponse, echo: Record<string, string>): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(
    res,
    500,
    { error: { code: CODES.internal, description: 'Internal server error', type: 'SYSTEM_EXCEPTION' } },
    echo,
  );
}

/** Reads the body up to MAX_BODY_BYTES; a larger body is refused without being buffered. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) {
    throw new ApiError(413, CODES.bodyTooLarge, `Request body exceeds ${MAX_BODY_BYTES} bytes`, {
      type: 'USER_EXCEPTION',
      headers: { connection: 'close' },
    });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new ApiError(413, CODES.bodyTooLarge, `Request body exceeds ${MAX_BODY_BYTES} bytes`, {
        type: 'USER_EXCEPTION',
        headers: { connection: 'close' },
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function singleHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

// ---------------------------------------------------------------------------------------------------------------
// Authentication: "Bearer token in `Authorization`." (RFC 6750 where the document is silent)
// ---------------------------------------------------------------------------------------------------------------

function checkBearer(req: IncomingMessage, expectedToken: string): void {
  const header = singleHeader(req, 'authorization');
  const realm = 'realm="agentic-partner"';
  // RFC 6750 3: a request without bearer credentials gets a challenge without an error code.
  // The auth scheme is case-insensitive (RFC 9110 11.1).
  if (header === undefined || !/^bearer(\s|$)/i.test(header)) {
    throw new ApiError(401, CODES.unauthorized, 'Bearer token required', {
      headers: { 'www-authenticate': `Bearer ${realm}` },
    });
  }
  // RFC 6750 2.1: b64token syntax after one or more spaces.
  const presented = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header)?.[1];
  if (presented === undefined || !tokensEqual(presented, expectedToken)) {
    throw new ApiError(401, CODES.unauthorized, 'Bearer token is invalid', {
      headers: {
        'www-authenticate': `Bearer ${realm}, error="invalid_token", error_description="The access token is invalid"`,
      },
    });
  }
}

function tokensEqual(presented: string, expected: string): boolean {
  // Compare digests so the comparison time does not depend on where the strings differ, nor on their lengths.
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

// ---------------------------------------------------------------------------------------------------------------
// Required headers: "trackingId (string, required; unique tracking identifier), agentId (string, required; agent identifier)."
// ---------------------------------------------------------------------------------------------------------------

function requiredIdHeader(req: IncomingMessage, name: string): string {
  const raw = req.headers[name.toLowerCase()];
  if (raw === undefined) throw userError(CODES.missingHeader, `Header ${name} is required`, name);
  if (Array.isArray(raw)) throw userError(CODES.invalidHeader, `Header ${name} must be sent once`, name);
  const value = raw.trim();
  if (value === '') throw userError(CODES.missingHeader, `Header ${name} must not be empty`, name);
  if (value.length > MAX_HEADER_VALUE_LENGTH || !HEADER_ID_PATTERN.test(value)) {
    throw userError(
      CODES.invalidHeader,
      `Header ${name} must be 1 to ${MAX_HEADER_VALUE_LENGTH} letters, digits or . _ : - characters`,
      name,
    );
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Envelope and JWE: "One of the three payloads of area C; JWE-encrypted on the wire."
// ---------------------------------------------------------------------------------------------------------------

/** "All bodies are JSON." The compact JWE travels as the single member `encPayload` of a JSON object. */
function parseEnvelope(req: IncomingMessage, body: Buffer): string {
  const contentType = singleHeader(req, 'content-type');
  if (contentType !== undefined) {
    const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (mediaType !== 'application/json') {
      throw userError(CODES.unsupportedMediaType, 'Content-Type must be application/json', 'Content-Type');
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw userError(CODES.bodyNotJson, 'Request body is not valid JSON', 'body');
  }
  if (!isPlainObject(parsed)) {
    throw userError(CODES.invalidEnvelope, `Request body must be a JSON object carrying ${BODY_FIELD}`, 'body');
  }
  // The encrypted member is looked for first: a plaintext notification sent as is gets the clearer message.
  const jwe = parsed[BODY_FIELD];
  if (jwe === undefined) {
    throw userError(
      CODES.missingField,
      `${BODY_FIELD} is required: payloads are JWE-encrypted on the wire`,
      BODY_FIELD,
    );
  }
  if (typeof jwe !== 'string' || jwe === '') {
    throw userError(CODES.invalidField, `${BODY_FIELD} must be a compact JWE string`, BODY_FIELD);
  }
  for (const key of Object.keys(parsed)) {
    if (key !== BODY_FIELD) throw userError(CODES.unexpectedField, `Unexpected member ${key} in request body`, key);
  }
  return jwe;
}

interface DecryptionKey {
  kid: string;
  privateKey: KeyObject;
}

/** Decrypts the compact JWE (RFC 7516 section 7.1) after checking its protected header against our key. */
async function decryptNotification(jwe: string, key: DecryptionKey): Promise<unknown> {
  const parts = jwe.split('.');
  // RFC 7516 7.1: five parts; for RSA-OAEP the encrypted key, IV, ciphertext and tag are all non-empty.
  if (parts.length !== 5 || !parts.every((p) => BASE64URL_SEGMENT.test(p))) {
    throw userError(CODES.invalidJwe, `${BODY_FIELD} is not a JWE compact serialization`, BODY_FIELD);
  }
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jwe) as Record<string, unknown>;
  } catch {
    throw userError(CODES.invalidJwe, 'JWE protected header cannot be decoded', BODY_FIELD);
  }
  if (header.kid !== key.kid) {
    throw userError(CODES.unknownKey, 'JWE kid does not name the partner encryption key', BODY_FIELD);
  }
  if (header.alg !== JWE_ALG || header.enc !== JWE_ENC) {
    throw userError(CODES.algorithmNotAccepted, `JWE must use alg ${JWE_ALG} and enc ${JWE_ENC}`, BODY_FIELD);
  }
  let plaintext: Uint8Array;
  try {
    const result = await compactDecrypt(jwe, key.privateKey, {
      keyManagementAlgorithms: [JWE_ALG],
      contentEncryptionAlgorithms: [JWE_ENC],
      // No compression: the payloads are small and zip invites decompression bombs.
      maxDecompressedLength: 0,
    });
    plaintext = result.plaintext;
  } catch {
    throw userError(CODES.decryptionFailed, 'JWE cannot be decrypted with the partner key', BODY_FIELD);
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    throw userError(CODES.plaintextNotJson, 'Decrypted payload is not JSON', BODY_FIELD);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Payload validation: "C. Agentic-commerce notification payloads"
// ---------------------------------------------------------------------------------------------------------------

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Members each payload may carry; anything else is refused (our strictness habit). */
const ALLOWED_FIELDS: Record<NotificationType, readonly string[]> = {
  ENROLLMENT_UPDATE: ['notificationType', 'enrollmentStatus', 'enrollmentId', 'stepUpSessionId'],
  INTENT_UPDATE: ['notificationType', 'enrollmentId', 'intentStatus', 'proofOfIntent', 'stepUpSessionId'],
  PAYMENT_CREDENTIAL_UPDATE: ['notificationType', 'enrollmentId', 'paymentCredentialStatus', 'stepUpSessionId'],
};

function requireEnum<T extends string>(payload: Record<string, unknown>, field: string, allowed: readonly T[]): T {
  const value = payload[field];
  if (value === undefined || value === null) throw userError(CODES.missingField, `${field} is required`, field);
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw userError(CODES.invalidField, `${field} must be one of ${allowed.join(', ')}`, field);
  }
  return value as T;
}

function requireEnrollmentId(payload: Record<string, unknown>): string {
  const value = payload.enrollmentId;
  if (value === undefined || value === null) {
    throw userError(CODES.missingField, 'enrollmentId is required', 'enrollmentId');
  }
  if (typeof value !== 'string' || !ENROLLMENT_ID_PATTERN.test(value)) {
    throw userError(
      CODES.invalidField,
      'enrollmentId must be 1 to 64 letters, digits, hyphens or underscores',
      'enrollmentId',
    );
  }
  return value;
}

/** "stepUpSessionId (string, optional)": absent is fine; when present it must be a non-empty string. */
function optionalStepUpSessionId(payload: Record<string, unknown>): string | undefined {
  if (!('stepUpSessionId' in payload)) return undefined;
  const value = payload.stepUpSessionId;
  if (typeof value !== 'string' || !SESSION_ID_PATTERN.test(value)) {
    throw userError(
      CODES.invalidField,
      'stepUpSessionId must be a string of 1 to 128 letters, digits or . _ : - characters',
      'stepUpSessionId',
    );
  }
  return value;
}

function decodeJsonSegment(segment: string): unknown {
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(segment, 'base64url')));
}

/**
 * "proofOfIntent (string, a signed JSON web token, required)". The signer's key is not shown, so the partner checks
 * the structure of a signed JWT (RFC 7515 compact JWS, RFC 7519 claims) and the time claims, not the signature.
 */
function requireProofOfIntent(payload: Record<string, unknown>, nowSeconds: number): string {
  const field = 'proofOfIntent';
  const value = payload[field];
  if (value === undefined || value === null) throw userError(CODES.missingField, `${field} is required`, field);
  if (typeof value !== 'string' || value === '') {
    throw userError(CODES.invalidField, `${field} must be a signed JSON web token`, field);
  }
  if (value.length > MAX_PROOF_OF_INTENT_LENGTH) {
    throw userError(CODES.invalidField, `${field} exceeds ${MAX_PROOF_OF_INTENT_LENGTH} characters`, field);
  }
  const parts = value.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL_SEGMENT.test(p))) {
    throw userError(
      CODES.invalidField,
      `${field} must be a JWS compact serialization (header.payload.signature)`,
      field,
    );
  }
  let header: unknown;
  let claims: unknown;
  try {
    header = decodeJsonSegment(parts[0]!);
    claims = decodeJsonSegment(parts[1]!);
  } catch {
    throw userError(CODES.invalidField, `${field} header and claims must be base64url JSON`, field);
  }
  if (!isPlainObject(header) || typeof header.alg !== 'string' || header.alg === '') {
    throw userError(CODES.invalidField, `${field} header must name its signing alg`, field);
  }
  // "signed": an unsecured JWT (alg "none", RFC 7519 section 6) is not a signed one.
  if (header.alg.toLowerCase() === 'none') {
    throw userError(CODES.invalidField, `${field} must be signed (alg none is refused)`, field);
  }
  if (!isPlainObject(claims)) throw userError(CODES.invalidField, `${field} claims must be a JSON object`, field);
  // RFC 7519 4.1.4: the JWT MUST NOT be accepted on or after its expiration time; 4.1.5: nor before "nbf".
  if ('exp' in claims) {
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
      throw userError(CODES.invalidField, `${field} exp must be a NumericDate`, field);
    }
    if (nowSeconds - CLOCK_LEEWAY_SECONDS >= claims.exp) {
      throw userError(CODES.invalidField, `${field} has expired`, field);
    }
  }
  if ('nbf' in claims) {
    if (typeof claims.nbf !== 'number' || !Number.isFinite(claims.nbf)) {
      throw userError(CODES.invalidField, `${field} nbf must be a NumericDate`, field);
    }
    if (nowSeconds + CLOCK_LEEWAY_SECONDS < claims.nbf) {
      throw userError(CODES.invalidField, `${field} is not valid yet`, field);
    }
  }
  return value;
}

/** Checks one decrypted payload against its row of the payload table; fields are checked in table order. */
function validateNotification(payload: unknown, nowSeconds: number): Notification {
  if (!isPlainObject(payload)) {
    throw userError(CODES.invalidField, 'Decrypted payload must be a JSON object', BODY_FIELD);
  }
  const notificationType = requireEnum(payload, 'notificationType', [
    'ENROLLMENT_UPDATE',
    'INTENT_UPDATE',
    'PAYMENT_CREDENTIAL_UPDATE',
  ] as const);
  const allowed = ALLOWED_FIELDS[notificationType];
  for (const key of Object.keys(payload)) {
    if (!allowed.includes(key)) {
      throw userError(CODES.unexpectedField, `${key} is not a field of ${notificationType}`, key);
    }
  }
  switch (notificationType) {
    case 'ENROLLMENT_UPDATE': {
      const enrollmentStatus = requireEnum(payload, 'enrollmentStatus', ENROLLMENT_STATUSES);
      const enrollmentId = requireEnrollmentId(payload);
      const stepUpSessionId = optionalStepUpSessionId(payload);
      return {
        notificationType,
        enrollmentStatus,
        enrollmentId,
        ...(stepUpSessionId === undefined ? {} : { stepUpSessionId }),
      };
    }
    case 'INTENT_UPDATE': {
      const enrollmentId = requireEnrollmentId(payload);
      const intentStatus = requireEnum(payload, 'intentStatus', INTENT_STATUSES);
      const proofOfIntent = requireProofOfIntent(payload, nowSeconds);
      const stepUpSessionId = optionalStepUpSessionId(payload);
      return {
        notificationType,
        enrollmentId,
        intentStatus,
        proofOfIntent,
        ...(stepUpSessionId === undefined ? {} : { stepUpSessionId }),
      };
    }
    case 'PAYMENT_CREDENTIAL_UPDATE': {
      const enrollmentId = requireEnrollmentId(payload);
      const paymentCredentialStatus = requireEnum(payload, 'paymentCredentialStatus', PAYMENT_CREDENTIAL_STATUSES);
      const stepUpSessionId = optionalStepUpSessionId(payload);
      return {
        notificationType,
        enrollmentId,
        paymentCredentialStatus,
        ...(stepUpSessionId === undefined ? {} : { stepUpSessionId }),
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Applying a notification to partner state
// ---------------------------------------------------------------------------------------------------------------

function fingerprintOf(agentId: string, notification: Notification): string {
  const canonical = JSON.stringify([agentId, ...Object.entries(notification).sort(([a], [b]) => a.localeCompare(b))]);
  return createHash('sha256').update(canonical).digest('base64url');
}

function applyNotification(state: PartnerState, trackingId: string, agentId: string, n: Notification): void {
  const enrollment = state.enrollments.get(n.enrollmentId);
  if (enrollment === undefined) {
    // The 422 BUSINESS_EXCEPTION shape: the payload is well formed but names an enrollment we do not hold.
    throw businessError(CODES.unknownEnrollment, `Enrollment ${n.enrollmentId} is not known to the partner`);
  }
  let status: string;
  switch (n.notificationType) {
    case 'ENROLLMENT_UPDATE':
      enrollment.enrollmentStatus = n.enrollmentStatus;
      status = n.enrollmentStatus;
      break;
    case 'INTENT_UPDATE':
      enrollment.intentStatus = n.intentStatus;
      status = n.intentStatus;
      break;
    case 'PAYMENT_CREDENTIAL_UPDATE':
      enrollment.paymentCredentialStatus = n.paymentCredentialStatus;
      status = n.paymentCredentialStatus;
      break;
  }
  if (n.stepUpSessionId !== undefined) enrollment.lastStepUpSessionId = n.stepUpSessionId;
  enrollment.history.push({
    trackingId,
    agentId,
    notificationType: n.notificationType,
    status,
    receivedAt: new Date().toISOString(),
  });
  if (enrollment.history.length > MAX_HISTORY_PER_ENROLLMENT) enrollment.history.shift();
}

// ---------------------------------------------------------------------------------------------------------------
// Handler
// ---------------------------------------------------------------------------------------------------------------

interface HandlerContext {
  token: string;
  key: DecryptionKey;
  state: PartnerState;
}

async function handleNotification(req: IncomingMessage, res: ServerResponse, ctx: HandlerContext): Promise<void> {
  checkBearer(req, ctx.token);
  const trackingId = requiredIdHeader(req, 'trackingId');
  const agentId = requiredIdHeader(req, 'agentId');
  const echo = { trackingId };

  const body = await readBody(req);
  const jwe = parseEnvelope(req, body);
  const payload = await decryptNotification(jwe, ctx.key);
  const notification = validateNotification(payload, Math.floor(Date.now() / 1000));

  const fingerprint = fingerprintOf(agentId, notification);
  // A redelivery (same trackingId, same notification) is acknowledged again without being applied twice;
  // a different notification under a reused trackingId is applied as a new one (the document names no reuse error).
  if (ctx.state.deliveryFor(trackingId)?.fingerprint !== fingerprint) {
    applyNotification(ctx.state, trackingId, agentId, notification);
    ctx.state.rememberDelivery(trackingId, { fingerprint });
  }
  // "Response: 200, empty JSON object."
  sendJson(res, 200, {}, echo);
}

function route(req: IncomingMessage, res: ServerResponse, ctx: HandlerContext): void {
  const rawTracking = singleHeader(req, 'trackingId');
  const echo: Record<string, string> =
    rawTracking !== undefined && rawTracking.length <= MAX_HEADER_VALUE_LENGTH && HEADER_ID_PATTERN.test(rawTracking)
      ? { trackingId: rawTracking }
      : {};
  const path = (req.url ?? '/').split('?')[0];

  const fail = (err: unknown): void => {
    if (err instanceof ApiError) {
      if (res.headersSent) return;
      sendError(res, err, echo);
      if (err.status === 413) req.resume();
      return;
    }
    sendInternalError(res, echo);
  };

  if (path !== NOTIFICATIONS_PATH) {
    fail(new ApiError(404, CODES.notFound, 'No such resource'));
    req.resume();
    return;
  }
  if (req.method !== 'POST') {
    fail(
      new ApiError(405, CODES.methodNotAllowed, 'Only POST is supported on this resource', {
        headers: { allow: 'POST' },
      }),
    );
    req.resume();
    return;
  }
  handleNotification(req, res, ctx).catch((err: unknown) => {
    fail(err);
    // Drain whatever is left so the connection can be reused (or closed, for 413).
    if (!req.complete) req.resume();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Start-up
// ---------------------------------------------------------------------------------------------------------------

const generateKeyPairAsync = promisify(generateKeyPair);

export async function startBlindService(): Promise<BlindService> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const kid = `partner-enc-${randomBytes(6).toString('hex')}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, use: 'enc', alg: JWE_ALG };

  const token = `ptk_${randomBytes(24).toString('base64url')}`;
  const state = new PartnerState();
  // Fixtures: enrollments the partner holds. "enrollmentId ... An enrollmentId the partner knows".
  const knownEnrollmentId = `ENR-${randomUUID().slice(0, 8).toUpperCase()}-A1`;
  state.seed(knownEnrollmentId, 'ACTIVE');
  state.seed('ENR-SEED-SUSPENDED-01', 'SUSPEND');
  state.seed('ENR-SEED-ACTIVE-02', 'ACTIVE');
  const unknownEnrollmentId = 'ENR-NOT-ON-FILE-404';

  const ctx: HandlerContext = { token, key: { kid, privateKey }, state };
  const sockets = new Set<Socket>();
  const server: Server = createServer({ requestTimeout: 15_000, headersTimeout: 10_000 }, (req, res) => {
    try {
      route(req, res, ctx);
    } catch {
      sendInternalError(res, {});
    }
  });
  server.keepAliveTimeout = 2_000;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_err, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${BASE_PATH}`;

  return {
    baseUrl,
    section: {
      baseUrl,
      token: '${BLIND_AGENTIC_TOKEN}',
      encryption: {
        publicKey: JSON.stringify(publicJwk),
        alg: JWE_ALG,
        enc: JWE_ENC,
        kid,
        bodyField: BODY_FIELD,
      },
      enrollmentId: knownEnrollmentId,
      unknownEnrollmentId,
    },
    env: { BLIND_AGENTIC_TOKEN: token },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      }),
  };
}

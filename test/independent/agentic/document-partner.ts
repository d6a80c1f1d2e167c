import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compactDecrypt } from 'jose';
import { requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * A small agentic-commerce partner written from document 2, part C (POST .../notifications with bearer,
 * trackingId and agentId; the three payloads JWE-encrypted on the wire; 200 with an empty JSON object; the
 * 400 USER_EXCEPTION error with param), independently of the bundled reference: a second proof of the agentic
 * rules. Where the document leaves the encryption open it takes an elliptic-curve key (ECDH-ES+A256KW, A128GCM).
 */

export interface DocumentPartner {
  baseUrl: string;
  /** The partner's public key (SPKI PEM), for the target entry. */
  publicKey: string;
  close(): Promise<void>;
}

/**
 * Faults of the kind only a sequence of notifications shows (each single notification behaves), for the stateful
 * phase's own proof: none by default.
 */
export interface SequenceFaults {
  /**
   * The error of a payload refused for a field stays on its enrollment's answer record, never cleared: the next
   * accepted notifications about that enrollment answer 200 with it in the body (an error state never reset).
   * Breaks "| POST | /payments/digital/v1/agentic-commerce/notifications | ... | 200, empty JSON object. |".
   */
  errorKeptPerEnrollment?: boolean;
  /**
   * The error body of a refusal is cached per stepUpSessionId and answered again for a later refusal in that
   * session, naming the earlier offending field. Breaks "| 400 | error {code string, description string, type
   * `USER_EXCEPTION`, param string optional (offending parameter)} |".
   */
  errorCachedPerStepUpSession?: boolean;
  /**
   * A notification whose trackingId was seen before is acknowledged 200 `{}` as a retry, even when its first receipt
   * was refused (trackingId taken for an idempotency key whose refusal is forgotten). Breaks the same 400 row: the
   * payload is as invalid the second time.
   */
  trackingIdAcknowledgedTwice?: boolean;
}

type Json = Record<string, unknown>;
const path = '/payments/digital/v1/agentic-commerce/notifications';
const statusField: Record<string, { field: string; values: string[] }> = {
  ENROLLMENT_UPDATE: { field: 'enrollmentStatus', values: ['ACTIVE', 'SUSPEND', 'CANCEL', 'RESUME'] },
  INTENT_UPDATE: { field: 'intentStatus', values: ['ACTIVE', 'CANCEL'] },
  PAYMENT_CREDENTIAL_UPDATE: { field: 'paymentCredentialStatus', values: ['ACTIVE', 'CANCEL'] },
};

class UserError extends Error {
  constructor(
    readonly code: string,
    description: string,
    readonly param?: string,
  ) {
    super(description);
  }
}

const base64urlJson = (part: string): unknown => {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) throw new Error('not base64url');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
};

/**
 * A signed JWT in compact form: three parts, a JSON header naming a signing alg (not none), JSON claims, a signature.
 */
function isSignedJwt(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = value.split('.');
  if (parts.length !== 3 || parts[2] === '') return false;
  try {
    const header = base64urlJson(parts[0] as string) as Json;
    const claims = base64urlJson(parts[1] as string);
    return (
      typeof header === 'object' &&
      header !== null &&
      typeof header.alg === 'string' &&
      header.alg.toLowerCase() !== 'none' &&
      header.enc === undefined &&
      typeof claims === 'object' &&
      claims !== null &&
      !Array.isArray(claims)
    );
  } catch {
    return false;
  }
}

function judgePayload(payload: unknown): void {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new UserError('INVALID_PAYLOAD', 'the payload is a JSON object');
  const body = payload as Json;
  if (body.notificationType === undefined)
    throw new UserError('MISSING_FIELD', 'notificationType is required', 'notificationType');
  const status = statusField[body.notificationType as string];
  if (!status)
    throw new UserError('INVALID_VALUE', 'notificationType is not one of the three payloads', 'notificationType');
  if (typeof body.enrollmentId !== 'string' || body.enrollmentId === '')
    throw new UserError('MISSING_FIELD', 'enrollmentId is required', 'enrollmentId');
  if (body[status.field] === undefined)
    throw new UserError('MISSING_FIELD', `${status.field} is required`, status.field);
  if (!status.values.includes(body[status.field] as string))
    throw new UserError('INVALID_VALUE', `${status.field} is not one of ${status.values.join(', ')}`, status.field);
  if (body.notificationType === 'INTENT_UPDATE') {
    if (body.proofOfIntent === undefined)
      throw new UserError('MISSING_FIELD', 'proofOfIntent is required', 'proofOfIntent');
    if (!isSignedJwt(body.proofOfIntent))
      throw new UserError('INVALID_VALUE', 'proofOfIntent is a signed JSON web token', 'proofOfIntent');
  }
  if (body.stepUpSessionId !== undefined && typeof body.stepUpSessionId !== 'string')
    throw new UserError('INVALID_VALUE', 'stepUpSessionId is a string', 'stepUpSessionId');
}

/** What the faults keep between notifications (nothing without faults). */
interface FaultMemory {
  errorOfEnrollment: Map<string, Json>;
  errorOfSession: Map<string, Json>;
  trackingIds: Set<string>;
}

/** The answer a payload gets under the faults, or undefined where it gets the documented one. */
function faultyAnswer(
  faults: SequenceFaults,
  memory: FaultMemory,
  payload: unknown,
  answer: { status: number; body: Json },
): { status: number; body: Json } | undefined {
  const body = (typeof payload === 'object' && payload !== null ? payload : {}) as Json;
  const enrollmentId = typeof body.enrollmentId === 'string' ? body.enrollmentId : undefined;
  const session = typeof body.stepUpSessionId === 'string' ? body.stepUpSessionId : undefined;
  if (answer.status === 200) {
    const kept = faults.errorKeptPerEnrollment && enrollmentId ? memory.errorOfEnrollment.get(enrollmentId) : undefined;
    return kept ? { status: 200, body: kept } : undefined;
  }
  if (faults.errorKeptPerEnrollment && enrollmentId) memory.errorOfEnrollment.set(enrollmentId, answer.body);
  if (!faults.errorCachedPerStepUpSession || !session) return undefined;
  const cached = memory.errorOfSession.get(session);
  if (!cached) memory.errorOfSession.set(session, answer.body);
  return cached ? { status: 400, body: cached } : undefined;
}

/** Choices the document allows either way (docs/coverage.md, Readings, agentic); the default of each is the other. */
export interface DocumentPartnerChoices {
  /**
   * An empty trackingId or agentId counts as given ("string, required" asks for the header). Default: refused as
   * missing.
   */
  emptyHeadersTaken?: boolean;
}

export async function startDocumentPartner(
  options: { token: string; choices?: DocumentPartnerChoices },
  faults: SequenceFaults = {},
): Promise<DocumentPartner> {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const mount = '/partner';
  const memory: FaultMemory = { errorOfEnrollment: new Map(), errorOfSession: new Map(), trackingIds: new Set() };

  const reply = (res: ServerResponse, status: number, body: Json) => {
    const payload = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
    res.end(payload);
  };
  const userErrorBody = (error: UserError): Json => ({
    error: {
      code: error.code,
      description: error.message,
      type: 'USER_EXCEPTION',
      ...(error.param ? { param: error.param } : {}),
    },
  });
  const userError = (res: ServerResponse, error: UserError) => reply(res, 400, userErrorBody(error));
  /** The payload judged: 200 `{}`, or 400 with the first problem; then what the faults make of it. */
  const answerTo = (plaintext: string, trackingId: string): { status: number; body: Json } => {
    if (faults.trackingIdAcknowledgedTwice && memory.trackingIds.has(trackingId)) return { status: 200, body: {} };
    if (faults.trackingIdAcknowledgedTwice) memory.trackingIds.add(trackingId);
    let payload: unknown;
    let answer: { status: number; body: Json } = { status: 200, body: {} };
    try {
      payload = JSON.parse(plaintext);
      judgePayload(payload);
    } catch (error) {
      const refusal =
        error instanceof UserError ? error : new UserError('INVALID_PAYLOAD', 'the decrypted payload is not JSON');
      answer = { status: 400, body: userErrorBody(refusal) };
    }
    return faultyAnswer(faults, memory, payload, answer) ?? answer;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await requestBody(req);
    if (req.method !== 'POST' || req.url !== `${mount}${path}`)
      return reply(res, 404, { error: { code: 'NOT_FOUND', description: 'no such operation' } });
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : '');
    const missing = (name: string) =>
      options.choices?.emptyHeadersTaken ? typeof req.headers[name] !== 'string' : header(name) === '';
    if (header('authorization') !== `Bearer ${options.token}`)
      return reply(res, 401, { error: { code: 'UNAUTHORIZED', description: 'a valid bearer token is required' } });
    if (missing('trackingid'))
      return userError(res, new UserError('MISSING_HEADER', 'trackingId is required', 'trackingId'));
    if (missing('agentid')) return userError(res, new UserError('MISSING_HEADER', 'agentId is required', 'agentId'));
    let plaintext: string;
    try {
      const { plaintext: bytes, protectedHeader } = await compactDecrypt(raw.toString('utf8').trim(), keys.privateKey, {
        keyManagementAlgorithms: ['ECDH-ES+A256KW'],
        contentEncryptionAlgorithms: ['A128GCM'],
      });
      if (protectedHeader.zip !== undefined) throw new Error('compressed payloads are not taken');
      plaintext = Buffer.from(bytes).toString('utf8');
    } catch {
      return userError(res, new UserError('DECRYPTION_FAILED', 'the body is not a JWE this partner can decrypt'));
    }
    const answer = answerTo(plaintext, header('trackingid'));
    reply(res, answer.status, answer.body);
  };

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() =>
      reply(res, 500, { error: { code: '20001', description: 'Internal server error', type: 'SYSTEM_EXCEPTION' } }),
    );
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}${mount}`,
    publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    close: server.close,
  };
}

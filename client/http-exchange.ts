/**
 * Data model of one request/response exchange as captured by the HTTP client.
 *
 * Capture is meant to be cheap: bodies are kept as Buffers (often the very
 * chunk undici handed us) and text/JSON are only rendered on demand.
 */

import { parseJsonBounded } from '../core/json-depth.ts';

/** Stable error codes; callers match on these, never on messages. */
export type ClientErrorCode =
  | 'TIMEOUT'
  | 'BODY_TOO_LARGE'
  /** The connection ended before the body its Content-Length announced was complete. */
  | 'BODY_INCOMPLETE'
  | 'BAD_GZIP'
  | 'CONNECTION_RESET'
  | 'CONNECTION_REFUSED'
  | 'PROTOCOL_ERROR'
  | 'REQUEST_ERROR'
  /** Not sent: the family's circuit breaker found the target unresponsive (see circuit-breaker.ts). */
  | 'TARGET_UNRESPONSIVE'
  /** The harness closed its own client meanwhile (a run winding down): no verdict on the target. */
  | 'CLIENT_CLOSED';

export interface OutgoingRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** Sent as given (case kept). */
  headers?: Record<string, string>;
  /** Raw body, already encoded by the caller. Mutually exclusive with `json`. */
  body?: string | Uint8Array;
  /** Serialised with JSON.stringify; sets `content-type: application/json` unless a content-type is given. */
  json?: unknown;
  /** Gzip the body and set `Content-Encoding: gzip` (unless a Content-Encoding header is given). */
  gzipBody?: boolean;
}

export interface CapturedRequest {
  method: string;
  url: string;
  /** Headers handed to undici, including the ones the client added (content-type, content-encoding). */
  headers: Record<string, string>;
  /** Body as sent on the wire. */
  body?: Buffer;
  /** Body before gzip, when `gzipBody` was set. */
  plainBody?: Buffer;
}

export interface CapturedResponse {
  status: number;
  /** Lower-case names as undici gives them. */
  headers: Record<string, string | string[]>;
  /** Bytes as received (possibly gzip), at most maxBodyBytes. */
  rawBody: Buffer;
  /** Decoded bytes (gunzipped when Content-Encoding: gzip), else the same Buffer as rawBody. */
  body: Buffer;
  /** UTF-8 of body, cached until the body is parsed as JSON. */
  text(): string;
  /** JSON.parse(text()), cached; throws SyntaxError if the body is not JSON. */
  json(): unknown;
  /** The Content-Encoding header value, when present. */
  contentEncoding?: string;
  /**
   * Set once the body was let go after reading (a walk holds many pages): the lengths received; `body` and
   * `rawBody` then hold only their first bytes, for evidence, and json() the parsed document.
   */
  letGo?: { bodyBytes: number; rawBytes: number };
  /** Keeps only the first `keepBytes` of the body once it is parsed (see LazyResponse). */
  letBodyGo(keepBytes: number): void;
}

export interface ClientError {
  code: ClientErrorCode;
  message: string;
  /**
   * TARGET_UNRESPONSIVE: the rule whose unanswered exchange opened the breaker. A rule whose exchange was never sent
   * is blocked by it (that rule fails with the timeout it met), not failed.
   */
  judgedBy?: string;
}

export interface Exchange {
  /** Increasing per process. */
  id: number;
  request: CapturedRequest;
  /** Present when a status line + headers arrived (even if the body later failed). */
  response?: CapturedResponse;
  /** Present when anything failed. */
  error?: ClientError;
  /** Epoch ms. */
  startedAt: number;
  durationMs: number;
}

const UNSET: unique symbol = Symbol('unset');

/** CapturedResponse with lazily rendered, cached text and JSON. */
export class LazyResponse implements CapturedResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  rawBody: Buffer;
  body: Buffer;
  readonly contentEncoding?: string;
  letGo?: { bodyBytes: number; rawBytes: number };
  #text: string | typeof UNSET = UNSET;
  #json: unknown = UNSET;
  #jsonError: SyntaxError | undefined;

  constructor(status: number, headers: Record<string, string | string[]>, rawBody: Buffer, contentEncoding?: string) {
    this.status = status;
    this.headers = headers;
    this.rawBody = rawBody;
    this.body = rawBody;
    if (contentEncoding !== undefined) this.contentEncoding = contentEncoding;
  }

  text(): string {
    if (this.#text !== UNSET) return this.#text;
    // A body let go after it parsed is the document again (its formatting may differ from the bytes received).
    if (this.letGo && this.#json !== UNSET) return JSON.stringify(this.#json);
    this.#text = this.body.toString('utf8');
    return this.#text;
  }

  /**
   * Keeps only the first `keepBytes` of the body (and of the bytes received), once it is parsed: what a walk holds
   * of a page is then its parsed document, not the bytes too. A body not JSON keeps only those first bytes.
   */
  letBodyGo(keepBytes: number): void {
    if (this.letGo || (this.body.length <= keepBytes && this.rawBody.length <= keepBytes)) return;
    try {
      this.json();
    } catch {
      // Not JSON: its first bytes are all that stays, as evidence.
    }
    const decoded = this.body;
    this.letGo = { bodyBytes: decoded.length, rawBytes: this.rawBody.length };
    // Copied, not a view: a view would keep the whole buffer alive.
    this.body = Buffer.from(decoded.subarray(0, keepBytes));
    this.rawBody = this.rawBody === decoded ? this.body : Buffer.from(this.rawBody.subarray(0, keepBytes));
    this.#text = UNSET;
  }

  json(): unknown {
    // The failure is cached too: checks may call json() repeatedly on a non-JSON body.
    if (this.#jsonError) throw this.#jsonError;
    if (this.#json === UNSET) {
      try {
        this.#json = parseJsonBounded(this.text());
        // Parsed, the text is not kept too (a walk holds hundreds of pages): text() renders it again on demand.
        this.#text = UNSET;
      } catch (err) {
        this.#jsonError = err instanceof SyntaxError ? err : new SyntaxError(String(err));
        throw this.#jsonError;
      }
    }
    return this.#json;
  }
}

let lastId = 0;

/** Next process-wide exchange id (1, 2, 3 ...). */
export function nextExchangeId(): number {
  return ++lastId;
}

/** How many exchanges this process has started so far (for the run's request counts). */
export function exchangesStarted(): number {
  return lastId;
}

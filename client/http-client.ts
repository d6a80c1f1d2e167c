/**
 * HTTP client used to talk to targets under test.
 *
 * Targets may be hostile, so `send()` never rejects for anything the target does: every outcome is an Exchange,
 * failures carry a stable ClientError code. undici `request()` (not fetch) is used so that nothing is decoded behind
 * our back; gzip is inflated here so broken gzip is observable as BAD_GZIP.
 */
import { Agent, request as undiciRequest } from 'undici';
import type { CapturedRequest, ClientError, Exchange, OutgoingRequest } from './exchange.ts';
import { LazyResponse, nextExchangeId } from './exchange.ts';
import { classifyError, clientError } from './errors.ts';
import { prepareRequest } from './prepare-request.ts';
import { BodyAllowance } from './body-memory.ts';
import { readBody } from './body-reader.ts';
import { BoundedGunzip, isGzipEncoding } from './decode.ts';
import { interimSkippingConnector } from './interim-responses.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';

export interface HttpClientOptions {
  /** Per-request timeout covering connect, headers and the whole body. Default 10_000 ms. */
  timeoutMs?: number;
  /** Response body cap in bytes; beyond it the read stops and the exchange gets BODY_TOO_LARGE. Default 8 MiB. */
  maxBodyBytes?: number;
  /** Maximum decoded size of a gzip body (gzip bombs) -> BODY_TOO_LARGE. Default 32 MiB. */
  maxDecodedBytes?: number;
  /** Keep-alive connections per origin. Default 32. */
  connections?: number;
  /** The family's circuit breaker: once open, exchanges fail at once with TARGET_UNRESPONSIVE. Default: none. */
  breaker?: CircuitBreaker;
}

export const DEFAULT_HTTP_CLIENT_OPTIONS: Readonly<Required<Omit<HttpClientOptions, 'breaker'>>> = Object.freeze({
  timeoutMs: 10_000,
  maxBodyBytes: 8 * 1024 * 1024,
  maxDecodedBytes: 32 * 1024 * 1024,
  connections: 32,
});

/** How much of a body cut at the cap is kept for the evidence (which shows a few thousand characters). */
const OVERFLOW_EVIDENCE_BYTES = 64 * 1024;

export class HttpClient {
  readonly #options: Required<Omit<HttpClientOptions, 'breaker'>>;
  readonly #breaker: CircuitBreaker | undefined;
  readonly #agent: Agent;

  constructor(options: HttpClientOptions = {}) {
    const { breaker, ...rest } = options;
    this.#options = { ...DEFAULT_HTTP_CLIENT_OPTIONS, ...definedOnly(rest) };
    this.#breaker = breaker;
    // pipelining 1 is what lets the interim-response filter know where a response starts.
    this.#agent = new Agent({ connections: this.#options.connections, pipelining: 1, connect: interimSkippingConnector() });
  }

  /** Sends one request. Never rejects for network or target faults; see Exchange.error. */
  async send(
    request: OutgoingRequest,
    overrides?: Pick<HttpClientOptions, 'timeoutMs' | 'maxBodyBytes'>,
  ): Promise<Exchange> {
    const id = nextExchangeId();
    const startedAt = Date.now();
    const t0 = performance.now();
    const finish = (captured: CapturedRequest, response?: LazyResponse, error?: ClientError): Exchange => {
      const exchange: Exchange = { id, request: captured, startedAt, durationMs: performance.now() - t0 };
      if (response) exchange.response = response;
      if (error) exchange.error = error;
      return exchange;
    };

    let captured: CapturedRequest;
    try {
      captured = prepareRequest(request);
    } catch (err) {
      const fallback: CapturedRequest = { method: request.method, url: request.url, headers: request.headers ?? {} };
      return finish(fallback, undefined, clientError('REQUEST_ERROR', `cannot encode request: ${String(err)}`));
    }

    const refusal = this.#breaker?.refusal();
    if (refusal) return finish(captured, undefined, refusal);

    const timeoutMs = overrides?.timeoutMs ?? this.#options.timeoutMs;
    const maxBodyBytes = overrides?.maxBodyBytes ?? this.#options.maxBodyBytes;
    const controller = new AbortController();
    let timedOut = false;
    // undici's own timeouts are per phase / per inactivity; a trickling body needs one overall deadline.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    let response: LazyResponse | undefined;
    let error: ClientError | undefined;
    const allowance = new BodyAllowance();
    // Once our timer fired, whatever undici reports (an abort) is a TIMEOUT.
    const failed = (err: unknown): ClientError =>
      timedOut
        ? clientError('TIMEOUT', `no complete response within ${timeoutMs} ms (${response ? 'body' : 'status line/headers'} pending)`)
        : classifyError(err);
    try {
      const res = await undiciRequest(captured.url, {
        dispatcher: this.#agent,
        method: captured.method,
        headers: captured.headers,
        body: captured.body,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const headers = res.headers as Record<string, string | string[]>;
      const encoding = headers['content-encoding'];
      const contentEncoding = Array.isArray(encoding) ? encoding.join(', ') : encoding;
      // Inflated while it arrives, so a gzip bomb is stopped at the decoded cap, not after the whole body is in.
      const inflater = isGzipEncoding(contentEncoding) ? new BoundedGunzip(this.#options.maxDecodedBytes, allowance) : undefined;
      // Past the cap the exchange has failed and nothing judges the body: only its start is kept, as evidence.
      const writeToInflater = inflater && ((chunk: Buffer) => inflater.write(chunk));
      const read = await readBody(res.body, maxBodyBytes, writeToInflater, allowance, OVERFLOW_EVIDENCE_BYTES);
      response = new LazyResponse(res.statusCode, headers, read.raw, contentEncoding);
      if (read.overflow) {
        error = clientError('BODY_TOO_LARGE', `response body exceeds ${maxBodyBytes} bytes (its first ${read.raw.length} bytes are kept as evidence)`);
      } else if (read.failure !== undefined) {
        error = timedOut ? failed(read.failure) : (shortOfContentLength(headers, read.raw.length) ?? failed(read.failure));
      }
      // A truncated or failed body is not worth inflating: `body` stays === `rawBody` for the evidence.
      if (inflater && error) inflater.discard();
      else if (inflater) {
        const decoded = await inflater.end();
        if (decoded.error) error = decoded.error;
        else if (read.raw.length > 0) response.body = decoded.body;
      }
    } catch (err) {
      error = failed(err);
    } finally {
      clearTimeout(timer);
      allowance.end();
    }
    if (error?.code === 'BODY_TOO_LARGE') collectCutBody();

    const exchange = finish(captured, response, error);
    this.#breaker?.record(exchange);
    return exchange;
  }

  /** Closes the keep-alive pool; in-flight requests finish (bounded by their timeouts) first. */
  close(): Promise<void> {
    return this.#agent.close();
  }
}

/** A body that ended short of its Content-Length is the target's fault, not a reset of ours: named for what it is. */
function shortOfContentLength(headers: Record<string, string | string[]>, received: number): ClientError | undefined {
  const announced = Number(Array.isArray(headers['content-length']) ? headers['content-length'][0] : headers['content-length']);
  if (!Number.isInteger(announced) || received >= announced) return undefined;
  return clientError('BODY_INCOMPLETE', `the connection closed after ${received} of the ${announced} bytes Content-Length announced`);
}

/**
 * A body cut at its cap leaves megabytes of received or inflated chunks behind. V8 frees such buffers only when
 * its own heuristics run a collection, which lets a run of hostile answers pile up a hundred megabytes of them;
 * collecting at once keeps a process's peak near one cap. Suite workers run with --expose-gc; elsewhere this
 * does nothing.
 */
function collectCutBody(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** `{ timeoutMs: undefined }` must not override a default. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * HTTP client used to talk to targets under test.
 *
 * Targets may be hostile, so `send()` never rejects for anything the target does: every outcome is an Exchange,
 * failures carry a stable ClientError code. Each concern of an exchange is one step (exchange-steps.ts), and
 * they are composed here, once.
 */
import { Agent } from 'undici';
import type { CapturedRequest, Exchange, OutgoingRequest } from './http-exchange.ts';
import { nextExchangeId } from './http-exchange.ts';
import { clientError } from './client-errors.ts';
import { prepareRequest } from './prepare-request.ts';
import { interimSkippingConnector } from './interim-responses.ts';
import { type CircuitBreaker, leftUnanswered } from './circuit-breaker.ts';
import { composeSteps, type ExchangeCall, type ResponseCall, type Step, type Terminal } from './exchange-steps.ts';
import { breakerStep } from './breaker-step.ts';
import { noteAnswerTime } from '../core/rule-in-progress.ts';
import { largeBodyGarbageStep } from './large-body-garbage-step.ts';
import { failureStep } from './failure-step.ts';
import { shortBodyStep } from './short-body-step.ts';
import { deadlineStep } from './deadline-step.ts';
import { bodyAllowanceStep } from './body-allowance-step.ts';
import { transport } from './transport-step.ts';
import { gunzipStep } from './gunzip-step.ts';
import { readCappedBody } from './capped-body-step.ts';

export interface HttpClientOptions {
  /** Per-request timeout covering connect, headers and the whole body. Default 10_000 ms. */
  timeoutMs?: number;
  /** Response body cap in bytes; beyond it the read stops and the exchange gets BODY_TOO_LARGE. Default 8 MiB. */
  maxBodyBytes?: number;
  /**
   * Maximum decoded size of a gzip body (gzip bombs) -> BODY_TOO_LARGE. Default: the exchange's body cap, so a page
   * sent gzip-encoded costs no more memory than the same page sent plain.
   */
  maxDecodedBytes?: number;
  /** Keep-alive connections per origin. Default 32. */
  connections?: number;
  /** The family's circuit breaker: once open, exchanges fail at once with TARGET_UNRESPONSIVE. Default: none. */
  breaker?: CircuitBreaker;
}

type ClientDefaults = Required<Omit<HttpClientOptions, 'breaker' | 'maxDecodedBytes'>>;

export const DEFAULT_HTTP_CLIENT_OPTIONS: Readonly<ClientDefaults> = Object.freeze({
  timeoutMs: 10_000,
  maxBodyBytes: 8 * 1024 * 1024,
  connections: 32,
});

export class HttpClient {
  readonly #options: ClientDefaults & Pick<HttpClientOptions, 'maxDecodedBytes'>;
  readonly #agent: Agent;
  readonly #exchange: Terminal<ExchangeCall>;

  constructor(options: HttpClientOptions = {}) {
    const { breaker, ...rest } = options;
    this.#options = { ...DEFAULT_HTTP_CLIENT_OPTIONS, ...definedOnly(rest) };
    // pipelining 1 is what lets the interim-response filter know where a response starts.
    this.#agent = new Agent({
      connections: this.#options.connections,
      pipelining: 1,
      connect: interimSkippingConnector(),
    });
    this.#exchange = composeExchange(this.#agent, breaker);
  }

  /** Sends one request. Never rejects for network or target faults; see Exchange.error. */
  async send(
    request: OutgoingRequest,
    overrides?: Pick<HttpClientOptions, 'timeoutMs' | 'maxBodyBytes'>,
  ): Promise<Exchange> {
    const id = nextExchangeId();
    const startedAt = Date.now();
    const t0 = performance.now();
    let captured: CapturedRequest;
    try {
      captured = prepareRequest(request);
    } catch (err) {
      const fallback: CapturedRequest = { method: request.method, url: request.url, headers: request.headers ?? {} };
      const error = clientError('REQUEST_ERROR', `cannot encode request: ${String(err)}`);
      return { id, request: fallback, error, startedAt, durationMs: performance.now() - t0 };
    }
    const maxBodyBytes = overrides?.maxBodyBytes ?? this.#options.maxBodyBytes;
    const limits = {
      timeoutMs: overrides?.timeoutMs ?? this.#options.timeoutMs,
      maxBodyBytes,
      maxDecodedBytes: this.#options.maxDecodedBytes ?? maxBodyBytes,
    };
    const call: ExchangeCall = { request: captured, limits, dispatch: {} };
    await this.#exchange(call);
    const exchange: Exchange = { id, request: captured, startedAt, durationMs: performance.now() - t0 };
    if (call.response) exchange.response = call.response;
    if (call.error) exchange.error = call.error;
    noteAnswerTime(exchange.durationMs, exchange.error && leftUnanswered(exchange.error.code) ? exchange : undefined);
    return exchange;
  }

  /** Closes the keep-alive pool; in-flight requests finish (bounded by their timeouts) first. */
  close(): Promise<void> {
    return this.#agent.close();
  }
}

/**
 * The steps of every exchange, outermost first. The breaker counts the exchange as finally named; the naming
 * steps run after the inner ones, the deadline's claim first, the short body's next, then the general mapping.
 */
function composeExchange(agent: Agent, breaker: CircuitBreaker | undefined): Terminal<ExchangeCall> {
  const receiveBody = composeSteps<ResponseCall>([gunzipStep], readCappedBody);
  const steps: Step<ExchangeCall>[] = [
    ...(breaker ? [breakerStep(breaker)] : []),
    largeBodyGarbageStep,
    failureStep,
    shortBodyStep,
    deadlineStep,
    bodyAllowanceStep,
  ];
  return composeSteps(steps, transport(agent, receiveBody));
}

/** `{ timeoutMs: undefined }` must not override a default. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

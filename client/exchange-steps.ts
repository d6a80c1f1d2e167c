/**
 * The shape every concern of an exchange takes (deadline, breaker, body cap, decoding ...): a step that may act
 * before the rest of the exchange runs, decide that it does not run at all, and act on the outcome after.
 * Steps never throw for anything a target does: they write what happened into the call, so the exchange record
 * comes back whatever failed. undici's own interceptors could not keep that (nor keep the raw bytes beside the
 * decoded ones), hence this shape: it is theirs, one level up.
 */
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { BodyAllowance } from './body-memory.ts';
import type { BodySink } from './body-reader.ts';
import type { CapturedRequest, ClientError, LazyResponse } from './http-exchange.ts';

/** What bounds one exchange: the client's settings with the request's overrides applied. */
export interface ExchangeLimits {
  timeoutMs: number;
  maxBodyBytes: number;
  maxDecodedBytes: number;
}

/** The status line and headers of a response, its body still to be read. */
export interface ResponseHead {
  status: number;
  headers: Record<string, string | string[]>;
  /** The Content-Encoding header, several joined with ", ". */
  contentEncoding?: string;
  body: Readable;
}

/** One exchange in progress: each step reads what outer steps set and writes what it finds. */
export interface ExchangeCall {
  readonly request: CapturedRequest;
  readonly limits: ExchangeLimits;
  /** undici request options steps add (the deadline's signal and phase timeouts). */
  readonly dispatch: Pick<Dispatcher.RequestOptions, 'signal' | 'headersTimeout' | 'bodyTimeout'>;
  /** The exchange's share of the process's body memory. */
  allowance?: BodyAllowance;
  /** Present once a status line and headers arrived. */
  head?: ResponseHead;
  /** Sees each received body chunk as it arrives (a streaming decoder). */
  sink?: BodySink;
  response?: LazyResponse;
  /** What the transfer failed with, not yet classified: the outer steps name it with a ClientError code. */
  failure?: unknown;
  error?: ClientError;
}

/** A call whose response head has arrived: what the body steps work on. */
export type ResponseCall = ExchangeCall & { head: ResponseHead };

/** One concern of an exchange: `next` runs the inner steps; not calling it ends the exchange here. */
export type Step<Call> = (call: Call, next: () => Promise<void>) => Promise<void>;

/** The last thing a chain of steps does (send the request, read the body). */
export type Terminal<Call> = (call: Call) => Promise<void>;

/** Steps composed outermost first around a terminal, into one function over a call. */
export function composeSteps<Call>(steps: readonly Step<Call>[], terminal: Terminal<Call>): Terminal<Call> {
  return steps.reduceRight<Terminal<Call>>((inner, step) => (call) => step(call, () => inner(call)), terminal);
}

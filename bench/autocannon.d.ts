/** The part of autocannon's programmatic API (v8, lib/run.js and lib/requestIterator.js) the benchmarks compare with. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface Request extends RequestData {
    /** Called before each send; returns the request to send (headers and body may be replaced). */
    setupRequest?: (
      request: RequestData & Record<string, unknown>,
      context: Record<string, unknown>,
    ) => RequestData & Record<string, unknown>;
    /** Called with each response to this request: status, body text, context, headers (names as sent). */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  /** A connection's client (lib/httpClient.js); `pipelinedRequests` is its queue of requests awaiting answers. */
  export interface Client extends EventEmitter {
    pipelinedRequests: {
      peek(): { body: string } | undefined;
      /** Appends a received piece of the body to the answer at the head of the queue. */
      addBody(data: Buffer): void;
    };
    /** The bytes of the request the connection writes next (written whole, once per request). */
    getRequestBuffer(): Buffer;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    maxOverallRequests?: number;
    /** Seconds a response may take. */
    timeout?: number;
    /** Milliseconds between samples; also how soon a finished run notices it is done. */
    sampleInt?: number;
    requests?: Request[];
    /** Called with each connection's client as it is made. */
    setupClient?: (client: Client) => void;
    excludeErrorStats?: boolean;
    skipAggregateResult?: boolean;
  }

  export interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
    [key: string]: unknown;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}

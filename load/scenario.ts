import { parseThreshold, type Threshold } from '../core/load-threshold.ts';

/**
 * A load scenario is data: the requests, how hard and how long to send them, and the thresholds that
 * judge the run. Parts a request needs fresh each time (a signature over a timestamp) are functions of the
 * scenario; everything else is plain values a reader can see at a glance.
 */

export interface LoadRequest {
  /** Names the request in per-request breakdowns ("token", "token, path with a query"). */
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Relative to the target's base URL (its path is prefixed); may carry a query. Never another host. */
  path: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /**
   * Called for every request sent: headers made fresh (a signature over the body and a timestamp). Keep
   * it cheap: it runs at the offered rate.
   */
  freshHeaders?: (request: { method: string; path: string; body: string }) => Record<string, string>;
}

/** A response as the load path sees it: the status, lower-case headers and the body text. */
export interface ObservedResponse {
  label: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The request's headers as sent, fresh ones included (redacted), when the scenario makes some per request. */
  sentHeaders?: Record<string, string>;
}

export interface LoadScenario {
  /** A probe's scenario name, or `nightly <family> <operation>`: the result file and the reports are named after it. */
  name: string;
  family: string;
  /** The target's base URL for the family: every request goes there and nowhere else. */
  baseUrl: string;
  /** Sent in turn on every connection. */
  requests: readonly LoadRequest[];
  /**
   * Offered requests per second. Set: a constant-rate run in the open model (each request due on a fixed
   * schedule, latency counted from its due time, sent whether or not earlier ones have answered); unset: as
   * fast as the connections go (the closed loop).
   */
  rate?: number;
  /**
   * Offers `rate` the way autocannon does (each connection sends its share as fast as it can at the start of
   * each second, waiting for each answer): the rate-limit probes read a limit's window with such bursts.
   * Default false.
   */
  bursts?: boolean;
  /** Connections of a closed-loop run (bursts, as fast as possible); the open model opens what it needs. */
  connections: number;
  /**
   * Open model: the most requests waiting for an answer at once (one per connection, so also the most
   * connections); a request due while all of them carry one is not sent and is counted as dropped. Default 1000.
   */
  maxInFlight?: number;
  /** The run stops after this long... */
  durationSeconds: number;
  /** ...or after this many requests, whichever comes first. */
  maxRequests: number;
  /** A response that takes longer counts as an error (timeout). Default 10 s. */
  timeoutSeconds?: number;
  thresholds: readonly Threshold[];
  /** Judges one response against the family's rules (envelope, echo headers): a message when it breaks one. */
  checkResponse?: (response: ObservedResponse) => { ruleId: string; message: string } | undefined;
}

/** Thresholds as written in a target entry or scenario data, parsed (a typo fails here, before any traffic). */
export function thresholds(...texts: string[]): Threshold[] {
  return texts.map(parseThreshold);
}

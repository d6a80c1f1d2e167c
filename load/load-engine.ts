/**
 * What the two load engines (the closed loop, the open model) share with runLoad: where requests go and what an engine
 * reports.
 */

/** What an engine reports of its run beside what the recorder saw. */
export interface EngineOutcome {
  sent: number;
  /** Requests sent per second over the sending window. */
  achievedRate: number;
  /** Connections used (the closed loop's, or the most the open model opened at once). */
  connections: number;
  /** Bytes on the wire to and from the target: request and response lines, headers and bodies. */
  bytes: DataBytes;
}

/** Bytes received from and sent to the target (k6's data_received and data_sent). */
export interface DataBytes {
  received: number;
  sent: number;
}

/** Where requests go: the base URL's origin, and every scenario path put under its path. */
/**
 * The most of one response body a load run keeps (for a response rule or a status's sample); the rest is read
 * and dropped. Load answers are envelopes, errors, token responses and list pages, far below it; a target that
 * floods bodies costs a run at most this much per request in flight, not the body's size.
 */
export const keptBodyBytes = 1024 * 1024;

export interface LoadBase {
  origin: string;
  path(path: string): string;
}

/** Response headers as the load path keeps them: lower-case names, repeated values joined. */
export function lowerCased(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) lower[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return lower;
}

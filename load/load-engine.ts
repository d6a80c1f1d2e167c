/** What the two load engines (autocannon, the open model) share with runLoad: where requests go and what an engine reports. */

/** What an engine reports of its run beside what the recorder saw. */
export interface EngineOutcome {
  sent: number;
  /** Requests sent per second over the sending window. */
  achievedRate: number;
  /** Connections used (autocannon's, or the most the open model opened at once). */
  connections: number;
}

/** Where requests go: the base URL's origin, and every scenario path put under its path. */
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

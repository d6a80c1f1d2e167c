import { checkCredential, withCredentialChecks } from './credential-check.ts';
import type { PreflightReport } from './family-session.ts';
import type { Exchange } from './http-exchange.ts';
import { getHeader } from './headers.ts';

/**
 * Reads the first exchange a family's session made with a target: could the harness reach it at all, and
 * did it take the credentials? Only an unreachable target (refused connection, unknown host, TLS failure)
 * or refused credentials (401 or 403) stop the run; anything else the target does is for the rules to judge.
 */
export function preflightReport(
  family: string,
  url: string,
  exchange: Exchange,
  authenticated: boolean,
): PreflightReport {
  const base = { family, url, latencyMs: Math.round(exchange.durationMs) };
  const response = exchange.response;
  if (!response) {
    const error = exchange.error;
    const message = error?.message ?? 'no response';
    if (error?.code === 'CONNECTION_REFUSED')
      return { ...base, reachable: false, authenticated: false, problem: `connection refused (${message})`, notes: [] };
    if (error?.code === 'REQUEST_ERROR') {
      const cause = /cert|tls|ssl/i.test(message)
        ? 'TLS failure'
        : /ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(message)
          ? 'host not found'
          : 'request failed';
      return { ...base, reachable: false, authenticated: false, problem: `${cause} (${message})`, notes: [] };
    }
    return {
      ...base,
      reachable: true,
      authenticated: false,
      notes: [`no usable answer: ${error?.code ?? 'unknown'}: ${message}`],
    };
  }
  const server = getHeader(response.headers, 'server');
  const withServer = {
    ...base,
    reachable: true,
    ...(server === undefined ? {} : { serverHeader: server }),
    ...(response.status === 404 || response.status === 405 ? { operationNotServed: true } : {}),
  };
  if (response.status === 401 || response.status === 403) {
    return { ...withServer, authenticated: false, problem: `credentials refused (HTTP ${response.status})`, notes: [] };
  }
  return {
    ...withServer,
    authenticated,
    notes: authenticated
      ? []
      : [`no token: HTTP ${response.status}${exchange.error ? `, ${exchange.error.code}` : ''}`],
  };
}

/**
 * The preflight of a family whose one credential is the entry's bearer token (or none): the first exchange read as
 * above, and the token tried (client/credential-check.ts) with `withWrongToken`, the same request with a wrong one.
 */
export async function bearerPreflight(
  family: string,
  section: { baseUrl: string; token?: string | undefined },
  sent: Exchange,
  withWrongToken: () => Promise<Exchange>,
): Promise<PreflightReport> {
  const status = sent.response?.status;
  const report = preflightReport(
    family,
    section.baseUrl,
    sent,
    status !== undefined && status !== 401 && status !== 403,
  );
  if (section.token === undefined) return report;
  const token = await checkCredential({ kind: 'bearer token', key: 'token', sent, withWrong: withWrongToken });
  return withCredentialChecks(report, [token]);
}

import type { CapturedResponse, Exchange } from '../client/http-exchange.ts';
import { Violation } from '../engine/rule-violation.ts';

/**
 * An exchange must have produced a complete, decodable response before any rule about it can hold:
 * a timeout, reset, broken gzip or oversized body is a failure of the rule under test.
 */
export function responseOf(exchange: Exchange): CapturedResponse {
  if (exchange.error || !exchange.response) {
    const what = exchange.error ? `${exchange.error.code}: ${exchange.error.message}` : 'no response';
    throw new Violation(`No usable response (${what})`, [exchange]);
  }
  return exchange.response;
}

/** The response body as JSON, or a violation of the rule when it is not JSON. */
export function jsonOf(exchange: Exchange): unknown {
  const response = responseOf(exchange);
  try {
    return response.json();
  } catch {
    throw new Violation(`Response body is not JSON (status ${response.status})`, [exchange]);
  }
}

/** Runs an adapter's parser on a body; a shape mismatch is a violation of the rule, with zod's issue paths. */
export function parsedWith<T>(exchange: Exchange, parse: (body: unknown) => T): T {
  const body = jsonOf(exchange);
  try {
    return parse(body);
  } catch (error) {
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    const detail = issues
      ? issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ')
      : String(error);
    throw new Violation(`Response body does not have the expected record shape: ${detail}`, [exchange]);
  }
}

/** The shared HTTP client as a family client opens it: the target entry's client settings and the family's breaker. */
import type { ClientSettings } from '../targets/schema.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';
import { HttpClient } from './http-client.ts';

export function familyHttpClient(
  settings: Pick<ClientSettings, 'timeoutMs'> & Partial<Pick<ClientSettings, 'maxBodyBytes'>>,
  breaker?: CircuitBreaker,
  connections?: number,
): HttpClient {
  return new HttpClient({
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    ...(connections === undefined ? {} : { connections }),
    ...(breaker ? { breaker } : {}),
  });
}

import type { BillingClient } from '../client/billing-client.ts';
import type { RateLimitedOperation } from '../../../load/rate-limit-probe.ts';

/**
 * The billing token operation as a rate-limited operation (billing document, "Rules for the token
 * operation": requests are limited per caller IP, 429 when exceeded). The same valid request goes to the
 * plain path and to the path with a query string: a limit must hold for both.
 */
export function tokenRateLimitOperation(client: BillingClient, baseUrl: string): RateLimitedOperation {
  const parts = client.validTokenRequest();
  const request = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...parts.headers },
    body: JSON.stringify(parts.body),
  };
  return {
    name: 'token-rate-limit',
    family: 'billing',
    baseUrl,
    requests: [
      { label: 'token', path: '/oauth/token', ...request },
      { label: 'token, path with a query', path: '/oauth/token?harness=rate-limit-probe', ...request },
    ],
    sendOne: () => client.sendTokenRequestNow(client.validTokenRequest()),
  };
}

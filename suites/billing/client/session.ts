import type { BillingAdapter } from '../../../rules/billing/adapters/adapter.ts';
import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import type { BillingSection } from '../entry/section.ts';
import { preflightReport } from '../../../client/preflight.ts';
import { checkCredential, withCredentialChecks, wrongCredential } from '../../../client/credential-check.ts';

import { BillingClient } from './billing-client.ts';
import { type LocalTokenSession, serveTokenSession } from './token-session.ts';

/**
 * The billing session of a run, in the main process: its first token request is the preflight, and the
 * token it gets is the one every suite file and worker uses until it expires.
 */
export function openBillingSession({
  section,
  client: settings,
  redactor,
  breaker,
  tokenRule,
  adapter,
}: SessionOptions<BillingSection> & {
  /** The entry's adapter, loaded (rules/billing/adapters/load-adapter.ts). */
  adapter: BillingAdapter;
  /** The rule that judges the token exchange: the session's token requests are its work (core/rule-in-progress.ts). */
  tokenRule: string;
}): FamilySession {
  const client = new BillingClient({
    baseUrl: section.baseUrl,
    credentials: section.credentials,
    tenant: section.tenant,
    adapter,
    settings,
    redactor,
    breaker,
    tokenMinIntervalMs: section.tokenMinIntervalMs,
  });
  const tokens = client.tokenSession as LocalTokenSession;
  return {
    async preflight() {
      const authenticated = await tokens.token().then(
        () => true,
        () => false,
      );
      const issuing = await tokens.issuingExchange();
      const report = preflightReport('billing', section.baseUrl, issuing, authenticated);
      // The same token request with a wrong secret: refused alike, the entry's OAuth client is the mistake.
      const valid = client.validTokenRequest();
      const oauthClient = await checkCredential({
        kind: 'OAuth client',
        key: 'credentials (clientId, clientSecret)',
        sent: issuing,
        withWrong: () => client.sendTokenRequest({ ...valid, body: { ...valid.body, client_secret: wrongCredential } }),
      });
      return withCredentialChecks(report, [oauthClient]);
    },
    serve: serveTokenSession(tokens, tokenRule),
    close: () => client.close(),
  };
}

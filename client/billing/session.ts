import { billingAdapters } from '../../adapters/billing/registry.ts';
import type { FamilySession, SessionOptions } from '../family-session.ts';
import type { BillingSection } from '../../targets/billing/section.ts';
import { preflightReport } from '../preflight.ts';
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
}: SessionOptions<BillingSection> & {
  /** The rule that judges the token exchange: the session's token requests are its work (core/rule-in-progress.ts). */
  tokenRule: string;
}): FamilySession {
  const client = new BillingClient({
    baseUrl: section.baseUrl,
    credentials: section.credentials,
    tenant: section.tenant,
    adapter: billingAdapters[section.adapter] as NonNullable<(typeof billingAdapters)[string]>,
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
      return preflightReport('billing', section.baseUrl, await tokens.issuingExchange(), authenticated);
    },
    serve: serveTokenSession(tokens, tokenRule),
    close: () => client.close(),
  };
}

import { withSharedChecks } from '../../../checks/index.ts';
import { randomBytes } from 'node:crypto';
import { loadBillingAdapter } from '../../../rules/billing/adapters/load-adapter.ts';
import { billingChecks } from '../checks/index.ts';
import { SingleUseTokenDiagnosis } from '../checks/single-use-token.ts';
import { BillingClient } from '../client/billing-client.ts';
import { BrokeredTokenSession, TokenUnavailableError } from '../client/token-session.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import { billingRules } from '../../../rules/billing/rules.ts';
import type { BillingSection } from '../entry/section.ts';
import { ruleChecksFor, ruleTestFor } from '../../../engine/rule-test.ts';
import { keepBillingFirstUses } from './idempotency-attempts.ts';
import { useFamilySession } from '../../support/family-session.ts';
import type { BillingSession } from './billing-suite-session.ts';

/** The family's checks with the shared ones: the table its rule tests and its other rules' checks are looked up in. */
const billingCheckTable = withSharedChecks(billingChecks);
/** `ruleTest(ruleId, ({ check }) => ...)` for the billing rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(billingRules, billingCheckTable, (error) =>
  // No token, no catalog request: the token rule judges the token exchange, the rules it stopped are blocked by it.
  error instanceof TokenUnavailableError
    ? { ruleId: 'billing.token.issue', message: error.message, evidence: [error.exchange] }
    : undefined,
);
/** Another billing rule's check, bound to it: to find which rule a failure belongs to. */
export const checkOfRule = ruleChecksFor(billingRules, billingCheckTable);

export type { BillingSession } from './billing-suite-session.ts';

/**
 * Opens a billing client for one suite file and closes it after; its token and token-request spacing are
 * the run's, shared with every other file and worker through the session broker. Returns a getter, valid
 * inside tests. A target without a billing section gets no session; its rules are not applicable.
 */
export function useBillingSession(): () => BillingSession {
  const session = useFamilySession<BillingSection, BillingSession>('billing', async ({ run, section, breaker }) => {
    const adapter = await loadBillingAdapter(section.adapter).catch(() => undefined);
    if (!adapter) return undefined;
    const client = new BillingClient({
      baseUrl: section.baseUrl,
      credentials: section.credentials,
      tenant: section.tenant,
      adapter,
      settings: run.target.client,
      redactor: defaultRedactor,
      breaker,
      tokenSession: new BrokeredTokenSession(run.broker, 'billing'),
      diagnoseRefusal: (probe) => new SingleUseTokenDiagnosis(probe),
    });
    return { client, nonce: randomBytes(6).toString('hex'), tokenEndpointRuns: Math.max(1, Math.ceil(run.runs / 25)) };
  });
  // A creation under an Idempotency-Key as the file starts, retried late in the run.
  keepBillingFirstUses(session);
  return session;
}

import { loadBillingAdapter } from '../../../rules/billing/adapters/load-adapter.ts';
import { SingleUseTokenDiagnosis } from '../checks/single-use-token.ts';
import { BillingClient } from '../client/billing-client.ts';
import type { Redactor } from '../../../core/redaction.ts';
import type { BillingSection } from '../entry/section.ts';
import { HarnessError } from '../../../core/harness-error.ts';
import type { ClientSettings } from '../../../targets/schema.ts';

/** A billing client of its own for a load command (outside a run: its own token session and spacing). */
export async function billingClientFor(
  section: BillingSection,
  settings: ClientSettings,
  redactor: Redactor,
): Promise<BillingClient> {
  const adapter = await loadBillingAdapter(section.adapter).catch((error: Error) => {
    throw new HarnessError('CONFIG_INVALID', `families.billing.adapter: ${error.message}`);
  });
  return new BillingClient({
    baseUrl: section.baseUrl,
    credentials: section.credentials,
    tenant: section.tenant,
    adapter,
    settings,
    redactor,
    tokenMinIntervalMs: section.tokenMinIntervalMs,
    diagnoseRefusal: (probe) => new SingleUseTokenDiagnosis(probe),
  });
}

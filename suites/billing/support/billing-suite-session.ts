import type { BillingClient } from '../client/billing-client.ts';
import type { BillingSection } from '../entry/section.ts';
import type { FamilySuiteSession } from '../../support/family-session.ts';

/** A billing suite file's session (opened by useBillingSession): its own file, so the helpers it uses can name it. */
export interface BillingSession extends FamilySuiteSession<BillingSection> {
  client: BillingClient;
  /** Unique per suite file, so that keys and names made from a fixed seed never collide with an earlier run's. */
  nonce: string;
  /** Random cases for rules exercised on the token endpoint: few, since that endpoint is rate limited. */
  tokenEndpointRuns: number;
}

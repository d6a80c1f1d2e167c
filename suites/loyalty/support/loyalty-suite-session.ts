import type { LoyaltyAuth, LoyaltyClient } from '../client/loyalty-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { LoyaltyContext } from '../../../generators/loyalty/bodies.ts';
import type { LoyaltyCase } from '../../../generators/loyalty/loyalty-case.ts';
import type { LoyaltyOperation } from '../../../rules/loyalty/records.ts';
import type { LoyaltySection } from '../entry/section.ts';
import type { FamilySuiteSession } from '../../support/family-session.ts';

/** A loyalty suite file's session (opened by useLoyaltySession): its own file, so the helpers it uses can name it. */
export interface LoyaltySuiteSession extends FamilySuiteSession<LoyaltySection> {
  client: LoyaltyClient;
  context: LoyaltyContext;
  /** Sends a case; a generated order id becomes one no earlier request of any run used. */
  send(
    testCase: Pick<LoyaltyCase, 'operation' | 'body'>,
    options?: { auth?: LoyaltyAuth; headers?: Record<string, string | null> },
  ): Promise<Exchange>;
  /** One valid body per operation (orders with a fresh id each call). */
  validBodies(): Record<LoyaltyOperation, Record<string, unknown>>;
}

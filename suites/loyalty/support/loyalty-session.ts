import { withSharedChecks } from '../../../checks/index.ts';
import { randomUUID } from 'node:crypto';
import { loyaltyChecks } from '../checks/index.ts';
import { LoyaltyClient as Client } from '../client/loyalty-client.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import {
  freshOrderId,
  type LoyaltyContext,
  validNotification,
  validOrder,
  validSubscription,
} from '../../../generators/loyalty/bodies.ts';
import { loyaltyRules } from '../../../rules/loyalty/rules.ts';
import { mandatoryDemographicsOf, type LoyaltySection } from '../entry/section.ts';
import { ruleTestFor } from '../../../engine/rule-test.ts';
import { keepLoyaltyFirstUses } from './memory-kinds.ts';
import { useFamilySession } from '../../support/family-session.ts';
import type { LoyaltySuiteSession } from './loyalty-suite-session.ts';

/** `ruleTest(ruleId, ({ check }) => ...)` for the loyalty rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(loyaltyRules, withSharedChecks(loyaltyChecks));

export type { LoyaltySuiteSession } from './loyalty-suite-session.ts';

/** An order id no earlier run can have used; its randomness only keeps a target's memory out of the verdict. */
export const freshId = () => `order-${randomUUID()}`;

/**
 * Opens a loyalty client for one suite file and closes it after (a target without the section gets none); keeps the
 * file's first uses for a late replay.
 */
export function useLoyaltySession(): () => LoyaltySuiteSession {
  const session = useFamilySession<LoyaltySection, LoyaltySuiteSession>('loyalty', ({ run, section, breaker }) => {
    const client = new Client(section, run.target.client, defaultRedactor, breaker);
    const context: LoyaltyContext = {
      nowMs: Date.now(),
      institutionId: section.institutionId,
      programCodes: section.programCodes,
      mandatory: (program) => mandatoryDemographicsOf(section, program),
    };
    const fresh = (body: Record<string, unknown>) =>
      body.requestor_order_id === freshOrderId ? { ...body, requestor_order_id: freshId() } : body;
    return {
      client,
      context,
      send: (testCase, options = {}) =>
        client.send({ operation: testCase.operation, body: fresh(testCase.body), ...options }),
      validBodies: () => ({
        subscribe: validSubscription(context),
        transfer: fresh(validOrder(context)),
        notify: validNotification(context),
      }),
    };
  }); // First uses of what the target must remember, replayed late in the run.
  keepLoyaltyFirstUses(session);
  return session;
}

import { randomUUID } from 'node:crypto';
import { LoyaltyClient } from '../../client/loyalty/loyalty-client.ts';
import { validNotification, validOrder, type LoyaltyContext } from '../../generators/loyalty/bodies.ts';
import { loyaltyOperations } from '../../rules/loyalty/records.ts';
import { mandatoryDemographicsOf, type LoyaltySection } from '../../targets/loyalty/section.ts';
import type { LoadRequest, ObservedResponse } from '../scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../nightly-profile.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/**
 * The event notification and a simulated points-transfer order (it creates nothing, so one requestor_order_id
 * serves every repeat), each request authorized afresh in the entry's default form (MAC with a new ts and
 * nonce, else its bearer token), as the family's client does: every answer must be 202.
 */
export async function loyaltyNightly(context: NightlyContext<LoyaltySection>): Promise<NightlyScenarios> {
  const { section } = context;
  const client = new LoyaltyClient(section, context.client, context.redactor);
  const origin = new URL(section.baseUrl).origin;
  const bodies: LoyaltyContext = {
    nowMs: Date.now(),
    institutionId: section.institutionId,
    mandatory: (program) => mandatoryDemographicsOf(section, program),
  };
  const freshHeaders = ({ path, body }: { path: string; body: string }) => ({
    correlation_id: randomUUID(),
    authorization: client.freshAuthorization(origin + path, body),
  });
  const request = (operation: 'notify' | 'transfer', body: unknown): LoadRequest => ({
    label: operation,
    method: 'POST',
    path: loyaltyOperations[operation],
    headers: client.headersFor(operation),
    body: JSON.stringify(body),
    freshHeaders,
  });
  const accepted = (operation: string, ruleId: RuleId) => (response: ObservedResponse) =>
    response.status === 202 ? undefined : { ruleId, message: `a valid ${operation} answered ${response.status}` };
  const order = { ...validOrder(bodies), requestor_order_id: `harness-nightly-${randomUUID()}`, simulation: true };
  return {
    scenarios: [
      constantRate(context.profile, {
        name: 'nightly loyalty notify',
        family: 'loyalty',
        baseUrl: section.baseUrl,
        requests: [request('notify', validNotification(bodies))],
        checkResponse: accepted('notification', 'loyalty.notify.accepted'),
      }),
      constantRate(context.profile, {
        name: 'nightly loyalty transfer (simulated)',
        family: 'loyalty',
        baseUrl: section.baseUrl,
        requests: [request('transfer', order)],
        checkResponse: accepted('simulated order', 'loyalty.transfer.accepted'),
      }),
    ],
    close: () => client.close(),
  };
}

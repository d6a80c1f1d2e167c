import { randomUUID } from 'node:crypto';
import { loyaltyChecks } from '../checks/index.ts';
import { LoyaltyClient } from '../client/loyalty-client.ts';
import { validNotification, validOrder, type LoyaltyContext } from '../../../generators/loyalty/bodies.ts';
import { loyaltyOperations, loyaltyStatuses } from '../../../rules/loyalty/records.ts';
import { loyaltyRules } from '../../../rules/loyalty/rules.ts';
import { mandatoryDemographicsOf, type LoyaltySection } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import { loadJudge } from '../../../load/rule-judgement.ts';
import type { LoadRequest, LoadScenario } from '../../../load/scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';

const judge = loadJudge(loyaltyRules, loyaltyChecks);

/**
 * The event notification and a simulated points-transfer order (it creates nothing, so one requestor_order_id
 * serves every repeat), each request authorized afresh in the entry's default form (MAC with a new ts and
 * nonce, else its bearer token), as the family's client does: every answer must be 202 (loyalty.notify.accepted,
 * loyalty.transfer.accepted, each judged by its registered check, status-for-valid-input).
 */
export async function loyaltyNightly(context: NightlyContext<LoyaltySection>): Promise<NightlyScenarios> {
  const { section } = context;
  const client = new LoyaltyClient(section, context.client, context.redactor);
  const origin = new URL(section.baseUrl).origin;
  const bodies: LoyaltyContext = {
    nowMs: Date.now(),
    institutionId: section.institutionId,
    programCodes: section.programCodes,
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
  const order = { ...validOrder(bodies), requestor_order_id: `harness-nightly-${randomUUID()}`, simulation: true };
  const notify = request('notify', validNotification(bodies));
  const transfer = request('transfer', order);
  const accepted =
    (
      sent: LoadRequest,
      ruleId: 'loyalty.notify.accepted' | 'loyalty.transfer.accepted',
    ): LoadScenario['checkResponse'] =>
    (response) =>
      judge.breach(ruleId, observedExchange(section.baseUrl, sent, response), loyaltyStatuses.accepted);
  return {
    scenarios: [
      constantRate(context.profile, {
        name: 'nightly loyalty notify',
        family: 'loyalty',
        baseUrl: section.baseUrl,
        requests: [notify],
        checkResponse: accepted(notify, 'loyalty.notify.accepted'),
      }),
      constantRate(context.profile, {
        name: 'nightly loyalty transfer (simulated)',
        family: 'loyalty',
        baseUrl: section.baseUrl,
        requests: [transfer],
        checkResponse: accepted(transfer, 'loyalty.transfer.accepted'),
      }),
    ],
    close: () => client.close(),
  };
}

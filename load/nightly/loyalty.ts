import { randomUUID } from 'node:crypto';
import { macHeaderValue, signMac } from '../../client/loyalty/mac.ts';
import { validNotification, validOrder, type LoyaltyContext } from '../../generators/loyalty/bodies.ts';
import { loyaltyOperations } from '../../rules/loyalty/records.ts';
import { mandatoryDemographicsOf, type LoyaltySection } from '../../targets/loyalty/section.ts';
import type { LoadRequest, ObservedResponse } from '../scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from './profile.ts';

/**
 * The event notification and a simulated points-transfer order (it creates nothing, so one requestor_order_id
 * serves every repeat), each request signed afresh in the entry's MAC form (a new ts and nonce) or sent with
 * its bearer token: every answer must be 202 with a JSON object.
 */
export async function loyaltyNightly(context: NightlyContext): Promise<NightlyScenarios> {
  const section = context.section as LoyaltySection;
  context.redactor.addSecret(section.apiKey);
  if (section.mac) context.redactor.addSecret(section.mac.secret);
  if (section.bearerToken) context.redactor.addSecret(section.bearerToken);
  const origin = new URL(section.baseUrl).origin;
  const bodies: LoyaltyContext = { nowMs: Date.now(), institutionId: section.institutionId, mandatory: (program) => mandatoryDemographicsOf(section, program) };
  const freshHeaders = ({ method, path, body }: { method: string; path: string; body: string }) => ({
    correlation_id: randomUUID(),
    authorization: section.mac ? macHeaderValue(signMac(section.mac, { method, url: origin + path, body, ts: String(Date.now()), nonce: randomUUID() })) : `Bearer ${section.bearerToken}`,
  });
  const request = (operation: 'notify' | 'transfer', body: unknown): LoadRequest => ({
    label: operation,
    method: 'POST',
    path: loyaltyOperations[operation],
    headers: { 'content-type': 'application/json', 'X-NET-API-KEY': section.apiKey, ...(operation === 'notify' ? {} : { sender: section.sender, keyname: section.keyname }) },
    body: JSON.stringify(body),
    freshHeaders,
  });
  const accepted = (operation: string, ruleId: string) => (response: ObservedResponse) => (response.status === 202 ? undefined : { ruleId, message: `a valid ${operation} answered ${response.status}` });
  const order = { ...validOrder(bodies), requestor_order_id: `harness-nightly-${randomUUID()}`, simulation: true };
  return {
    scenarios: [
      constantRate(context.profile, { name: 'nightly loyalty notify', family: 'loyalty', baseUrl: section.baseUrl, requests: [request('notify', validNotification(bodies))], checkResponse: accepted('notification', 'loyalty.notify.accepted') }),
      constantRate(context.profile, { name: 'nightly loyalty transfer (simulated)', family: 'loyalty', baseUrl: section.baseUrl, requests: [request('transfer', order)], checkResponse: accepted('simulated order', 'loyalty.transfer.accepted') }),
    ],
    close: async () => {},
  };
}

import { randomUUID } from 'node:crypto';
import { cdrOperations, type CdrOperation } from '../../rules/cdr/endpoints.ts';
import type { CdrSection } from '../../targets/cdr/section.ts';
import type { LoadRequest, ObservedResponse } from '../scenario.ts';
import { firstProductId } from './first-product-id.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from './profile.ts';

/**
 * The three open-banking read operations at the highest version the target serves. Every answer, success
 * or error, must return the x-fapi-interaction-id it was sent (cdr.interaction-id.echo).
 */
export async function cdrNightly(context: NightlyContext): Promise<NightlyScenarios> {
  const section = context.section as CdrSection;
  if (section.token) context.redactor.addSecret(section.token);
  const interactionId = randomUUID();
  const headersFor = (operation: CdrOperation): Record<string, string> => ({
    'x-v': String(Math.max(...section.versions[operation])),
    'x-fapi-interaction-id': interactionId,
    accept: 'application/json',
    ...(section.token ? { authorization: `Bearer ${section.token}` } : {}),
  });
  const listPath = `${cdrOperations.list.path}?page-size=25`;
  const productId = await firstProductId(`${section.baseUrl}${listPath}`, headersFor('list'), context.client.timeoutMs);
  const requests: LoadRequest[] = [
    { label: 'list', method: 'GET', path: listPath, headers: headersFor('list') },
    { label: 'detail', method: 'GET', path: cdrOperations.detail.path.replace('{productId}', encodeURIComponent(productId)), headers: headersFor('detail') },
    { label: 'status', method: 'GET', path: cdrOperations.status.path, headers: headersFor('status') },
  ];
  const echoed = (response: ObservedResponse) =>
    response.headers['x-fapi-interaction-id'] === interactionId
      ? undefined
      : { ruleId: 'cdr.interaction-id.echo', message: `x-fapi-interaction-id was not returned as sent (${response.headers['x-fapi-interaction-id'] === undefined ? 'absent' : 'another value'})` };
  return {
    scenarios: requests.map((request) => constantRate(context.profile, { name: `nightly cdr ${request.label}`, family: 'cdr', baseUrl: section.baseUrl, requests: [request], checkResponse: echoed })),
    close: async () => {},
  };
}

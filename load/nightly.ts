import { randomBytes } from 'node:crypto';
import { pageQueryString } from '../client/custody/custody-client.ts';
import type { Redactor } from '../client/redaction.ts';
import { productDraft } from '../generators/billing/product-draft.ts';
import { paddedCharge } from '../generators/billing/response-padding.ts';
import { billingRuleIds } from '../rules/billing/ids.ts';
import { custodyListingPaths } from '../rules/custody/endpoints.ts';
import { cursorPageSchema } from '../rules/custody/schemas.ts';
import { billingOperations as op, type BillingOperation } from '../rules/billing/operations.ts';
import type { BillingSection } from '../targets/billing/section.ts';
import type { CustodySection } from '../targets/custody/section.ts';
import type { ExchangeSection } from '../targets/exchange/section.ts';
import type { ClientSettings, LoadProfile } from '../targets/schema.ts';
import type { LoadRequest, LoadScenario, ObservedResponse } from './scenario.ts';
import { billingClientFor } from './scenarios/billing-client.ts';
import { envelopeBreach, signedBatchRequest } from './scenarios/exchange-rate-limit.ts';
import { parseThreshold } from './thresholds.ts';

/** What a family's nightly profile is made from: its section, the shared client settings, the run's redactor. */
export interface NightlyContext {
  section: unknown;
  client: ClientSettings;
  redactor: Redactor;
  profile: LoadProfile;
}

/** A family's nightly operations as scenarios, and what to close after their runs. */
export interface NightlyScenarios {
  scenarios: LoadScenario[];
  close(): Promise<void>;
}

/** One bounded constant-rate run of an operation, the thresholds from the target entry's profile. */
function constantRate(profile: LoadProfile, scenario: Pick<LoadScenario, 'name' | 'family' | 'baseUrl' | 'requests' | 'checkResponse'>): LoadScenario {
  return {
    ...scenario,
    rate: profile.rate,
    connections: profile.connections,
    durationSeconds: profile.durationSeconds,
    // The rate bounds the count already; this only keeps a run that overshoots finite.
    maxRequests: Math.ceil(profile.rate * profile.durationSeconds * 1.2) + profile.connections,
    thresholds: profile.thresholds.map(parseThreshold),
  };
}

const nightlyTrackId = 'harness-nightly';

/** The billing catalog operations; every answer must echo the Svc-Track-Id it was sent (billing.headers.track_id.echo). */
async function billingNightly(context: NightlyContext): Promise<NightlyScenarios> {
  const section = context.section as BillingSection;
  const client = billingClientFor(section, context.client, context.redactor);
  const { adapter } = client;
  const name = `harness-nightly-${randomBytes(4).toString('hex')}`;
  // One charge made beforehand, so the query and the update have something to name.
  const created = await client.send(op.createCharge, { json: adapter.createChargeBody(paddedCharge(name, 20)) });
  const chargeId = chargeIdOf(() => adapter.parseChargeResponse(created.response?.json()).chargeId);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await client.token()}`, ...client.scopeHeaders(), 'svc-track-id': nightlyTrackId };
  const request = (operation: BillingOperation, body: unknown): LoadRequest => ({ label: operation.name, method: operation.method as LoadRequest['method'], path: operation.path, headers, body: JSON.stringify(body) });
  const echoed = (response: ObservedResponse) => (response.headers['svc-track-id'] === nightlyTrackId ? undefined : { ruleId: billingRuleIds.trackIdEcho, message: `Svc-Track-Id was not echoed as sent (${response.headers['svc-track-id'] === undefined ? 'absent' : 'another value'}; the sample shows it)` });
  const product = productDraft.boundaries[0];
  const operations: [BillingOperation, unknown][] = [
    [op.createCharge, adapter.createChargeBody(paddedCharge(name, 20))],
    [op.queryCharge, adapter.queryChargeBody(chargeId, {})],
    [op.updateCharge, adapter.updateChargeBody(chargeId, { defaultPricing: { currency: 'USD', amount: 2 } })],
    ...(product ? [[op.createProduct, adapter.createProductBody({ ...product, name: `${name}-product` })] as [BillingOperation, unknown]] : []),
  ];
  return {
    scenarios: operations.map(([operation, body]) => constantRate(context.profile, { name: `nightly billing ${operation.name}`, family: 'billing', baseUrl: section.baseUrl, requests: [request(operation, body)], checkResponse: echoed })),
    close: () => client.close(),
  };
}

/** The charge's id, or a placeholder when the target's answer is not a charge (its runs then fail their thresholds, not the harness). */
function chargeIdOf(read: () => string): string {
  try {
    return read();
  } catch {
    return 'unreadable-charge-id';
  }
}

/** The exchange batch order, signed afresh per request, its envelope checked on every answer. */
async function exchangeNightly(context: NightlyContext): Promise<NightlyScenarios> {
  const section = context.section as ExchangeSection;
  context.redactor.addSecret(section.credentials.secretKey);
  const request = signedBatchRequest(section, 'harnessnightly1');
  return {
    scenarios: [constantRate(context.profile, { name: 'nightly exchange batch-orders', family: 'exchange', baseUrl: section.baseUrl, requests: [request], checkResponse: (response) => envelopeBreach(section.baseUrl, request, response) })],
    close: async () => {},
  };
}

/** The nine custody listings' first pages of 20, each judged as a first page: a cursor record, hasPrevious false, at most 20 items. */
async function custodyNightly(context: NightlyContext): Promise<NightlyScenarios> {
  const section = context.section as CustodySection;
  context.redactor.addSecret(section.token);
  const headers = { authorization: `Bearer ${section.token}`, accept: 'application/json' };
  const pageSize = 20;
  const firstPage = (response: ObservedResponse) => {
    if (response.status < 200 || response.status > 299) return undefined;
    let page: ReturnType<typeof cursorPageSchema.safeParse>;
    try {
      page = cursorPageSchema.safeParse(JSON.parse(response.body));
    } catch {
      return { ruleId: 'custody.cursor.flags', message: 'a first page answered 2xx with a body that is not JSON' };
    }
    if (!page.success) return { ruleId: 'custody.cursor.flags', message: `a first page is not a cursor record: ${page.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')}` };
    if (page.data.cursor.hasPrevious) return { ruleId: 'custody.cursor.flags', message: 'a first page says hasPrevious: true' };
    if (page.data.result.length > pageSize) return { ruleId: 'custody.cursor.page-size', message: `a first page of size ${pageSize} held more items` };
    return undefined;
  };
  return {
    scenarios: custodyListingPaths.map((template) => {
      const path = `${template.replace('{tagID}', encodeURIComponent(section.tagId))}?${pageQueryString({ pageRequest: 'FIRST', pageSize })}`;
      return constantRate(context.profile, { name: `nightly custody ${template}`, family: 'custody', baseUrl: section.baseUrl, requests: [{ label: template, method: 'GET', path, headers }], checkResponse: firstPage });
    }),
    close: async () => {},
  };
}

/** The families with a nightly profile, by registry name; a family without one is reported as such. */
export const nightlyProfiles: Readonly<Record<string, (context: NightlyContext) => Promise<NightlyScenarios>>> = {
  billing: billingNightly,
  exchange: exchangeNightly,
  custody: custodyNightly,
};

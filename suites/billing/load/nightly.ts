import { randomBytes } from 'node:crypto';
import { billingChecks } from '../checks/index.ts';
import { headerNames } from '../client/billing-client.ts';
import { productDraft } from '../../../generators/billing/product-draft.ts';
import { paddedCharge } from '../../../generators/billing/response-padding.ts';
import { billingOperations as op, type BillingOperation } from '../../../rules/billing/operations.ts';
import { billingRules } from '../../../rules/billing/rules.ts';
import type { BillingSection } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import { loadJudge } from '../../../load/rule-judgement.ts';
import type { LoadRequest } from '../../../load/scenario.ts';
import { billingClientFor } from './billing-client.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';

const nightlyTrackId = 'harness-nightly';
const judge = loadJudge(billingRules, billingChecks);

/**
 * The billing catalog operations; every answer must echo the Svc-Track-Id it was sent (billing.headers.track_id.echo,
 * judged by its registered check, header-echo).
 */
export async function billingNightly(context: NightlyContext<BillingSection>): Promise<NightlyScenarios> {
  const { section } = context;
  const client = await billingClientFor(section, context.client, context.redactor);
  const { adapter } = client;
  const name = `harness-nightly-${randomBytes(4).toString('hex')}`;
  // One charge made beforehand, so the query and the update have something to name.
  const created = await client.send(op.createCharge, { json: adapter.createChargeBody(paddedCharge(name, 20)) });
  const chargeId = chargeIdOf(() => adapter.parseChargeResponse(created.response?.json()).chargeId);
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${await client.token()}`,
    ...client.scopeHeaders(),
    'svc-track-id': nightlyTrackId,
  };
  const request = (operation: BillingOperation, body: unknown): LoadRequest => ({
    label: operation.name,
    method: operation.method as LoadRequest['method'],
    path: operation.path,
    headers,
    body: JSON.stringify(body),
  });
  const product = productDraft.boundaries[0];
  const operations: [BillingOperation, unknown][] = [
    [op.createCharge, adapter.createChargeBody(paddedCharge(name, 20))],
    [op.queryCharge, adapter.queryChargeBody(chargeId, {})],
    [op.updateCharge, adapter.updateChargeBody(chargeId, { defaultPricing: { currency: 'USD', amount: 2 } })],
    ...(product
      ? [
          [op.createProduct, adapter.createProductBody({ ...product, name: `${name}-product` })] as [
            BillingOperation,
            unknown,
          ],
        ]
      : []),
  ];
  return {
    scenarios: operations.map(([operation, body]) => {
      const sent = request(operation, body);
      return constantRate(context.profile, {
        name: `nightly billing ${operation.name}`,
        family: 'billing',
        baseUrl: section.baseUrl,
        requests: [sent],
        checkResponse: (response) =>
          judge.breach('billing.headers.track_id.echo', observedExchange(section.baseUrl, sent, response), {
            headerName: headerNames.trackId,
            sent: nightlyTrackId,
          }),
      });
    }),
    close: () => client.close(),
  };
}

/**
 * The charge's id, or a placeholder when the target's answer is not a charge (its runs then fail their thresholds, not
 * the harness).
 */
function chargeIdOf(read: () => string): string {
  try {
    return read();
  } catch {
    return 'unreadable-charge-id';
  }
}

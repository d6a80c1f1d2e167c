import { loadExchangeOrderAdapter } from '../../../rules/exchange/adapters/load-adapter.ts';
import type { ExchangeSection } from '../entry/section.ts';
import { envelopeBreach, signedBatchRequest } from './batch-orders.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';

/** The exchange batch order, signed afresh per request, its envelope checked on every answer. */
export async function exchangeNightly(context: NightlyContext<ExchangeSection>): Promise<NightlyScenarios> {
  const { section } = context;
  context.redactor.addSecret(section.credentials.secretKey);
  const request = signedBatchRequest(section, 'harnessnightly1', await loadExchangeOrderAdapter(section.adapter));
  return {
    scenarios: [
      constantRate(context.profile, {
        name: 'nightly exchange batch-orders',
        family: 'exchange',
        baseUrl: section.baseUrl,
        requests: [request],
        checkResponse: (response) => envelopeBreach(section, request, response),
      }),
    ],
    close: async () => {},
  };
}

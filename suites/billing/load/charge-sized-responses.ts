import { randomBytes } from 'node:crypto';
import type { BillingClient } from '../client/billing-client.ts';
import { paddedCharge } from '../../../generators/billing/response-padding.ts';
import { billingOperations as op } from '../../../rules/billing/operations.ts';
import type { SizedResponses } from '../../../load/gzip-threshold-probe.ts';
import { responseOfSize } from '../../../load/response-of-size.ts';

/** The description the billing create-charge response echoes: the longest the reference accepts is 5000 characters. */
const longestPadding = 4800;

/**
 * The billing charge operations as operations whose response size the harness controls: the create and query
 * responses echo the charge, so the description's length steers the size (measured once with an empty
 * description, corrected per request when generated fields vary). The search uses create responses; the
 * sustained runs query charges made beforehand, so thousands of requests create nothing. Gzip is accepted on
 * every request of the search.
 */
export async function chargeSizedResponses(client: BillingClient, baseUrl: string): Promise<SizedResponses> {
  const name = `harness-gzip-probe-${randomBytes(4).toString('hex')}`;
  const body = (padding: number) => client.adapter.createChargeBody(paddedCharge(name, padding));
  const create = (padding: number) => client.send(op.createCharge, { acceptGzip: true, json: body(padding) });
  const overhead = (await create(0)).response?.body.length ?? 0;
  return {
    name: 'gzip-threshold',
    family: 'billing',
    baseUrl,
    send: (size) => responseOfSize(size, create, 4, Math.max(0, size - overhead)),
    async prepareLoad(sizes) {
      const queries = new Map<number, string>();
      for (const size of sizes) {
        let query = '';
        // A charge whose query answer is `size` bytes: made, queried, corrected by the difference.
        await responseOfSize(
          size,
          async (padding) => {
            const created = await client.send(op.createCharge, { json: body(padding) });
            const { chargeId } = client.adapter.parseChargeResponse(created.response?.json());
            query = JSON.stringify(client.adapter.queryChargeBody(chargeId, {}));
            return client.send(op.queryCharge, { acceptGzip: true, rawBody: query });
          },
          4,
          Math.max(0, size - overhead),
        );
        queries.set(size, query);
      }
      const authorization = `Bearer ${await client.token()}`;
      return (size, acceptGzip) => ({
        method: op.queryCharge.method as 'POST',
        path: op.queryCharge.path,
        headers: {
          'content-type': 'application/json',
          authorization,
          ...client.scopeHeaders(),
          ...(acceptGzip ? { 'accept-encoding': 'gzip' } : {}),
        },
        body: queries.get(size) ?? '',
      });
    },
    sizes: { min: overhead, max: overhead + longestPadding },
    calibrationRequests: 1,
  };
}

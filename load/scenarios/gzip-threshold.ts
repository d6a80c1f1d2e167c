import { randomBytes } from 'node:crypto';
import type { BillingClient } from '../../client/billing/billing-client.ts';
import { paddedCharge } from '../../generators/billing/response-padding.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import type { SizedResponses } from '../gzip-threshold-probe.ts';
import { responseOfSize } from '../response-of-size.ts';

/** The description the billing create-charge response echoes: the longest the reference accepts is 5000 characters. */
const longestPadding = 4800;

/**
 * The billing create-charge operation as an operation whose response size the harness controls: the
 * response echoes the charge, so the description's length steers the size (measured once with an empty
 * description, corrected per request when generated fields vary). Gzip is accepted on every request.
 */
export async function chargeSizedResponses(client: BillingClient, baseUrl: string): Promise<SizedResponses> {
  const name = `harness-gzip-probe-${randomBytes(4).toString('hex')}`;
  const body = (padding: number) => client.adapter.createChargeBody(paddedCharge(name, padding));
  const send = (padding: number) => client.send(op.createCharge, { acceptGzip: true, json: body(padding) });
  const overhead = (await send(0)).response?.body.length ?? 0;
  const authorization = `Bearer ${await client.token()}`;
  return {
    name: 'gzip-threshold',
    family: 'billing',
    baseUrl,
    send: (size) => responseOfSize(size, send, 4, Math.max(0, size - overhead)),
    loadRequest: (size, acceptGzip) => ({
      method: op.createCharge.method as 'POST',
      path: op.createCharge.path,
      headers: { 'content-type': 'application/json', authorization, ...client.scopeHeaders(), ...(acceptGzip ? { 'accept-encoding': 'gzip' } : {}) },
      body: JSON.stringify(body(Math.max(0, size - overhead))),
    }),
    sizes: { min: overhead, max: overhead + longestPadding },
    calibrationRequests: 1,
  };
}

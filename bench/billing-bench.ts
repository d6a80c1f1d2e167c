/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * 1. Wall time of `harness run --suite billing` against the bundled reference target, and the exchanges
 *    per second that run sustained.
 * 2. Throughput of the property engine where a rule allows concurrency: generated Svc-Track-Id values,
 *    each sent as a charge query, the response parsed by the adapter (zod), captured, and checked for
 *    the echo, at 1, 8, 16 and 32 in flight.
 */
import { timeSuiteRun } from './suite-run.ts';
import { referenceBillingAdapter } from '../rules/billing/adapters/reference-adapter.ts';
import { headerEcho } from '../checks/header-echo.ts';
import { BillingClient, headerNames } from '../suites/billing/client/billing-client.ts';
import { defaultRedactor } from '../core/redaction.ts';
import { families } from '../families/index.ts';
import { validTrackId } from '../generators/billing/track-id.ts';
import { startReferenceServer } from '../reference/server.ts';
import { referenceTenant } from '../reference/billing/tenant.ts';
import { billingOperations as op } from '../rules/billing/operations.ts';
import { forAll } from '../suites/support/for-all.ts';
import type { BillingSection } from '../suites/billing/entry/section.ts';
import { targetSchemaFor } from '../targets/schema.ts';

async function benchHarnessRun(runs: number): Promise<void> {
  const { seconds, summary } = await timeSuiteRun('billing', runs);
  console.log(
    `harness run --suite billing --runs ${runs}: ${seconds.toFixed(1)} s wall, verdict ${summary.verdict}, ${summary.exchanges} exchanges, ` +
      `${(summary.exchanges / seconds).toFixed(0)} exchanges/s over the whole run (start-up included)`,
  );
}

async function benchPropertyThroughput(cases: number): Promise<void> {
  const clientId = crypto.randomUUID();
  const clientSecret = 'bench-secret-0123456789';
  const server = await startReferenceServer({
    serve: families(),
    families: { billing: { mode: 'multi', options: { tokenRateLimit: { requests: 1000, windowMs: 1000 } } } },
    env: { REFERENCE_CLIENT_ID: clientId, REFERENCE_CLIENT_SECRET: clientSecret },
  });
  try {
    const baseUrl = server.baseUrls.billing;
    if (baseUrl === undefined) throw new Error('the reference server serves no billing family');
    for (const concurrency of [1, 8, 16, 32]) {
      const client = benchClient(baseUrl, { clientId, clientSecret }, concurrency);
      const query = await queryOfNewCharge(client);
      const started = performance.now();
      const done = await forAll(validTrackId, { seed: 1, runs: cases, concurrency }, async (trackId) => {
        const exchange = await client.send(op.queryCharge, {
          json: query,
          headers: { [headerNames.trackId]: trackId },
        });
        referenceBillingAdapter.parseQueryResponse(exchange.response?.json());
        headerEcho(exchange, { headerName: headerNames.trackId, sent: trackId });
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `property engine, ${concurrency} in flight: ${done} exchanges in ${seconds.toFixed(2)} s = ${(done / seconds).toFixed(0)} exchanges/s (generated, sent, captured, parsed with zod, checked)`,
      );
      await client.close();
    }
  } finally {
    await server.close();
  }
}

/** A billing client of the reference's multi-entity tenant, sending at most `concurrency` requests at once. */
function benchClient(
  baseUrl: string,
  credentials: { clientId: string; clientSecret: string },
  concurrency: number,
): BillingClient {
  const entry = targetSchemaFor(families()).parse({
    kind: 'url',
    families: {
      billing: {
        baseUrl,
        credentials,
        tenant: {
          multiEntity: true,
          tokenEntityScope: 'multiple',
          entityIds: [...referenceTenant.entityIds],
          multiOrg: true,
          accessibleOrgs: [...referenceTenant.accessibleOrgs],
        },
      },
    },
    client: { concurrency },
  });
  const section = entry.families.billing as BillingSection;
  return new BillingClient({
    baseUrl: section.baseUrl,
    credentials: section.credentials,
    tenant: section.tenant,
    adapter: referenceBillingAdapter,
    settings: entry.client,
    tokenMinIntervalMs: section.tokenMinIntervalMs,
    redactor: defaultRedactor,
  });
}

/** The queryCharge body of a charge created for the bench. */
async function queryOfNewCharge(client: BillingClient) {
  const created = await client.send(op.createCharge, {
    json: referenceBillingAdapter.createChargeBody({
      name: 'bench',
      defaultPricing: { currency: 'USD', amount: 1 },
      rateCards: [],
    }),
  });
  const chargeId = referenceBillingAdapter.parseChargeResponse(created.response?.json()).chargeId;
  return referenceBillingAdapter.queryChargeBody(chargeId, { region: 'eu' });
}

const runs = Number(process.env.BENCH_RUNS ?? 100);
await benchHarnessRun(runs);
await benchPropertyThroughput(Number(process.env.BENCH_CASES ?? 20_000));

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { billingAdapters } from '../../adapters/billing/registry.ts';
import { BillingClient } from '../../client/billing/billing-client.ts';
import { defaultRedactor } from '../../client/redaction.ts';
import type { ForAllOptions } from './for-all.ts';
import { type RunContext, runContext } from './run-context.ts';

export interface BillingSession {
  run: RunContext;
  client: BillingClient;
  /** Unique per run, so that keys and names made from a fixed seed never collide with an earlier run's. */
  nonce: string;
  /** Property settings: the run's seed, runs and concurrency, overridable per rule. */
  property(overrides?: Partial<ForAllOptions>): ForAllOptions;
  /** Random cases for rules exercised on the token endpoint: few, since that endpoint is rate limited. */
  tokenEndpointRuns: number;
}

/**
 * Opens a billing client for one suite file and closes it after. Returns a getter, valid inside tests.
 * A target without a billing base URL gets no session; its rules are reported as not applicable.
 */
export function useBillingSession(): () => BillingSession {
  let session: BillingSession | undefined;
  beforeAll(() => {
    const run = runContext();
    const baseUrl = run.target.baseUrls.billing;
    const credentials = run.target.credentials.billing;
    const adapter = billingAdapters[run.target.adapter];
    if (!baseUrl || !credentials || !adapter) return;
    const client = new BillingClient({ baseUrl, credentials, tenant: run.target.tenant, adapter, settings: run.target.client, redactor: defaultRedactor });
    session = {
      run,
      client,
      nonce: randomBytes(6).toString('hex'),
      property: (overrides) => ({ seed: run.seed, runs: run.runs, concurrency: run.target.client.concurrency, ...overrides }),
      tokenEndpointRuns: Math.max(1, Math.ceil(run.runs / 25)),
    };
  });
  afterAll(async () => {
    await session?.client.close();
  });
  return () => {
    if (!session) throw new Error('No billing session: the target has no billing base URL or credentials');
    return session;
  };
}

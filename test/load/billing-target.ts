import { referenceBillingAdapter } from '../../rules/billing/adapters/reference-adapter.ts';
import { BillingClient } from '../../suites/billing/client/billing-client.ts';
import { Redactor } from '../../core/redaction.ts';
import { families } from '../../families/index.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { tenantModeSchema } from '../../rules/billing/tenant-mode.ts';
import { targetSchemaFor } from '../../targets/schema.ts';
import { referenceEnv } from '../reference/support.ts';

export interface BillingTargetOptions {
  /** Token requests allowed per second. Default 30. */
  limit?: number;
  /** Where the reference starts compressing. Default the spec's 1000 bytes. */
  gzipThresholdBytes?: number;
  mutant?: string;
}

/** A billing reference (plain tenant) with the given settings and a client for it; both stopped after `use`. */
export async function withBillingTarget<T>(
  options: BillingTargetOptions,
  use: (client: BillingClient, baseUrl: string) => Promise<T>,
): Promise<T> {
  const env = referenceEnv();
  const reference = await startReferenceServer({
    env,
    serve: families().filter((family) => family.name === 'billing'),
    families: {
      billing: {
        mode: 'plain',
        options: {
          tokenRateLimit: { requests: options.limit ?? 30, windowMs: 1000 },
          ...(options.gzipThresholdBytes === undefined ? {} : { gzipThresholdBytes: options.gzipThresholdBytes }),
        },
      },
    },
    ...(options.mutant ? { mutant: options.mutant } : {}),
  });
  const baseUrl = reference.baseUrls.billing as string;
  const credentials = {
    clientId: env.REFERENCE_CLIENT_ID as string,
    clientSecret: env.REFERENCE_CLIENT_SECRET as string,
  };
  const settings = targetSchemaFor(families()).parse({
    kind: 'url',
    families: { billing: { baseUrl, credentials } },
  }).client;
  const client = new BillingClient({
    baseUrl,
    credentials,
    tenant: tenantModeSchema.parse({}),
    adapter: referenceBillingAdapter,
    settings,
    redactor: new Redactor(),
  });
  try {
    return await use(client, baseUrl);
  } finally {
    await client.close();
    await reference.close();
  }
}

import { startReferenceServer } from '../reference/server.ts';
import type { ReferenceMode } from '../reference/server.ts';
import { ensureReferenceCredentials } from './reference-credentials.ts';

export interface ReferenceCommandOptions {
  host: string;
  port: number;
  mode: ReferenceMode;
  mutant?: string;
  tokenTtlSeconds?: number;
  tokenRateLimit?: { requests: number; windowMs: number };
}

/** Runs the bundled reference target until SIGINT/SIGTERM; prints its base URLs (never its secret). */
export async function runReference(options: ReferenceCommandOptions): Promise<number> {
  const generated = process.env.REFERENCE_CLIENT_SECRET === undefined;
  ensureReferenceCredentials(process.env);
  const server = await startReferenceServer({
    host: options.host,
    port: options.port,
    mode: options.mode,
    clientId: process.env.REFERENCE_CLIENT_ID as string,
    clientSecret: process.env.REFERENCE_CLIENT_SECRET as string,
    ...(options.mutant ? { mutant: options.mutant } : {}),
    ...(options.tokenTtlSeconds ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
    ...(options.tokenRateLimit ? { tokenRateLimit: options.tokenRateLimit } : {}),
  });
  console.log(`reference target listening: billing=${server.baseUrls.billing} mode=${options.mode}${options.mutant ? ` mutant=${options.mutant}` : ''}`);
  console.log(`client_id: ${process.env.REFERENCE_CLIENT_ID}`);
  console.log(
    generated
      ? 'client_secret: generated for this process and not shown; set REFERENCE_CLIENT_SECRET (at most 42 characters) to choose one'
      : 'client_secret: the value of REFERENCE_CLIENT_SECRET',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBillingContext } from './billing/context.ts';
import { handleBilling } from './billing/router.ts';
import type { ReferenceMode } from './mode.ts';
import { billingBehaviourFor } from './mutants/index.ts';
import { referenceTenant } from './tenant.ts';

export type { ReferenceMode } from './mode.ts';

export interface ReferenceOptions {
  host?: string;
  port?: number;
  mode?: ReferenceMode;
  /** The one OAuth client's id (36 characters). */
  clientId: string;
  /** Its secret (at most 42 characters). */
  clientSecret: string;
  tokenTtlSeconds?: number;
  /** Token requests allowed per caller IP per fixed window. */
  tokenRateLimit?: { requests: number; windowMs: number };
  /** Name of a mutant from reference/mutants: the target then breaks that one rule. */
  mutant?: string;
}

export interface RunningReference {
  origin: string;
  baseUrls: { billing: string };
  close(): Promise<void>;
}

/** One interface family served under a path prefix; later families get their own prefixes on the same server. */
interface Family {
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
}

function pathnameOf(req: IncomingMessage): string | undefined {
  try {
    return new URL(req.url ?? '/', 'http://reference.invalid').pathname;
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(payload.length) });
  res.end(payload);
}

async function serve(families: readonly Family[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = pathnameOf(req) ?? '';
  const family = families.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (!family) return sendJson(res, 404, { message: 'Not Found' });
  await family.handle(req, res, pathname.slice(family.prefix.length));
}

/** Last line of defence: the reference never answers 5xx, even for its own bugs. */
function recover(res: ServerResponse): void {
  if (!res.headersSent) sendJson(res, 400, { message: 'request could not be processed' });
  else res.destroy();
}

export async function startReferenceServer(options: ReferenceOptions): Promise<RunningReference> {
  const behaviour = billingBehaviourFor(options.mutant);
  const billing = createBillingContext(
    {
      mode: options.mode ?? 'multi',
      tenant: referenceTenant,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
      tokenRateLimit: options.tokenRateLimit ?? { requests: 30, windowMs: 1000 },
    },
    behaviour,
  );
  const families: Family[] = [{ prefix: '/billing', handle: (req, res, path) => handleBilling(billing, req, res, path) }];

  const server = createServer((req, res) => {
    serve(families, req, res).catch(() => recover(res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const { address, family, port } = server.address() as AddressInfo;
  const origin = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  return {
    origin,
    baseUrls: { billing: `${origin}/billing` },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would otherwise hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

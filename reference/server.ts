import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FamilyHandler, FamilyReference } from './family-reference.ts';
import { replyJson } from './http-io.ts';

/** How one family's part of the reference runs. */
export interface FamilyReferenceSettings {
  /** One of the family's reference modes; default its first. */
  mode?: string;
  /** A mutant of this family: the target then breaks that one rule. */
  mutant?: string;
  /** Family-specific options (for billing: tokenTtlSeconds, tokenRateLimit). */
  options?: Record<string, unknown>;
}

/** A family's part of the reference, by its registry name (a family module is one). */
export interface ServedReference {
  readonly name: string;
  readonly reference: FamilyReference;
}

/** One request the reference answered, for tests that count what the harness sent. */
export interface ReferenceRequestEntry {
  family: string;
  method: string;
  path: string;
  status: number;
  at: number;
}

export interface ReferenceOptions {
  host?: string;
  port?: number;
  /** Settings per family, by registry name; families not named run in their default mode. */
  families?: Record<string, FamilyReferenceSettings>;
  /** A mutant of any family, by its unique name; its family then runs in the mutant's mode. */
  mutant?: string;
  /** Where the families' reference credentials come from; unset ones are filled. Default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Called for every answered request. */
  onRequest?: (entry: ReferenceRequestEntry) => void;
  /** Each request waits this long before it is handled: a slow but correct target. Default 0. */
  answerDelayMs?: number;
  /** Which families to serve: the caller passes the registry's (`families()`) or some of them. */
  serve: readonly ServedReference[];
}

export interface RunningReference {
  origin: string;
  /** Base URL per family name. */
  baseUrls: Record<string, string>;
  close(): Promise<void>;
}

interface Mounted {
  family: string;
  prefix: string;
  handler: FamilyHandler;
}

function pathnameOf(req: IncomingMessage): string | undefined {
  try {
    return new URL(req.url ?? '/', 'http://reference.invalid').pathname;
  } catch {
    return undefined;
  }
}

async function serve(
  mounted: readonly Mounted[],
  req: IncomingMessage,
  res: ServerResponse,
  onRequest: ReferenceOptions['onRequest'],
): Promise<void> {
  const pathname = pathnameOf(req) ?? '';
  const family = mounted.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const path = family ? pathname.slice(family.prefix.length) : pathname;
  if (onRequest) {
    res.once('finish', () =>
      onRequest({
        family: family?.family ?? '',
        method: req.method ?? '',
        path,
        status: res.statusCode,
        at: Date.now(),
      }),
    );
  }
  if (!family) return replyJson(res, 404, { message: 'Not Found' });
  await family.handler.handle(req, res, path);
}

/** Last line of defence: the reference never answers 5xx, even for its own bugs. */
function recover(res: ServerResponse): void {
  if (!res.headersSent) replyJson(res, 400, { message: 'request could not be processed' });
  else res.destroy();
}

/** Settings per family, with a top-level mutant placed in its family (which then runs in the mutant's mode). */
function settingsPerFamily(
  options: ReferenceOptions,
  served: readonly ServedReference[],
): Map<string, FamilyReferenceSettings> {
  const settings = new Map(served.map((family) => [family.name, { ...options.families?.[family.name] }]));
  if (options.mutant !== undefined) {
    const owner = served.find((family) => family.reference.mutants.some((mutant) => mutant.name === options.mutant));
    const known = served.flatMap((family) => family.reference.mutants.map((mutant) => mutant.name));
    if (!owner) throw new Error(`Unknown mutant "${options.mutant}". Valid names: ${known.join(', ')}`);
    const mutant = owner.reference.mutants.find((candidate) => candidate.name === options.mutant);
    settings.set(owner.name, { mode: mutant?.mode, ...settings.get(owner.name), mutant: options.mutant });
  }
  return settings;
}

/** The bundled reference target: every family's part mounted under its prefix on one server. */
export async function startReferenceServer(options: ReferenceOptions): Promise<RunningReference> {
  const env = options.env ?? process.env;
  const served = options.serve;
  const settings = settingsPerFamily(options, served);
  const mounted: Mounted[] = await Promise.all(
    served.map(async (family) => {
      const own = settings.get(family.name) ?? {};
      family.reference.ensureCredentials(env);
      const handler = await family.reference.create({
        mode: own.mode ?? (family.reference.modes[0] as string),
        env,
        ...(own.mutant === undefined ? {} : { mutant: own.mutant }),
        ...(own.options === undefined ? {} : { options: own.options }),
      });
      return { family: family.name, prefix: family.reference.prefix, handler };
    }),
  );

  const delay = options.answerDelayMs ?? 0;
  const server = createServer((req, res) => {
    const answer = () => void serve(mounted, req, res, options.onRequest).catch(() => recover(res));
    if (delay > 0) setTimeout(answer, delay);
    else answer();
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
    baseUrls: Object.fromEntries(mounted.map((entry) => [entry.family, `${origin}${entry.prefix}`])),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would otherwise hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

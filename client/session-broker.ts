import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/**
 * The local channel between a run's main process and its suite workers: the main process holds one
 * session per family (the bearer token, the spacing of token requests) and workers call its methods here,
 * so every file and worker of a run shares one token. Loopback only, and every call carries a random key.
 */

/** Where workers reach the broker; handed to them with the run context. */
export interface BrokerAddress {
  url: string;
  key: string;
}

/** Methods a family session serves, by name. */
// biome-ignore lint/suspicious/noExplicitAny: each brokered method takes its own argument type; unknown would refuse them all
export type BrokeredMethods = Readonly<Record<string, (argument: any) => Promise<unknown>>>;

/** An error thrown by a brokered method, carried to the worker with its name, code and data. */
interface BrokeredError {
  name: string;
  code?: string;
  message: string;
  data?: unknown;
}

export interface RunningBroker {
  address: BrokerAddress;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

function sameKey(given: string | string[] | undefined, key: string): boolean {
  const value = Buffer.from(typeof given === 'string' ? given : '');
  const expected = Buffer.from(key);
  return value.length === expected.length && timingSafeEqual(value, expected);
}

/** Serves `sessions[family][method]` at POST /<family>/<method>; an error's `toTransfer()` data travels along. */
export async function startSessionBroker(sessions: ReadonlyMap<string, BrokeredMethods>): Promise<RunningBroker> {
  const key = randomBytes(24).toString('base64url');
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!sameKey(req.headers['x-broker-key'], key))
      return reply(403, { error: { name: 'Forbidden', message: 'wrong broker key' } });
    const [, family = '', method = ''] = (req.url ?? '').split('/');
    const handler = sessions.get(family)?.[method];
    if (!handler) return reply(404, { error: { name: 'NotFound', message: `no method ${family}/${method}` } });
    readJson(req)
      .then((argument) => handler(argument))
      .then(
        (result) => reply(200, { result: result ?? null }),
        (error: Error & { code?: string; toTransfer?: () => unknown }) =>
          reply(200, {
            error: {
              name: error.name,
              code: error.code,
              message: error.message,
              data: error.toTransfer?.(),
            } satisfies BrokeredError,
          }),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: { url: `http://127.0.0.1:${port}`, key },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A brokered method failed in the main process; `data` is what the error chose to carry. */
export class BrokeredCallError extends Error {
  override readonly name: string;
  readonly code: string | undefined;
  readonly data: unknown;
  constructor(error: BrokeredError) {
    super(error.message);
    this.name = error.name;
    this.code = error.code;
    this.data = error.data;
  }
}

/** Calls a family session's method in the main process from a worker. */
export async function brokerCall<T>(
  broker: BrokerAddress,
  family: string,
  method: string,
  argument?: unknown,
): Promise<T> {
  const response = await request(`${broker.url}/${family}/${method}`, {
    method: 'POST',
    headers: { 'x-broker-key': broker.key, 'content-type': 'application/json' },
    body: JSON.stringify(argument ?? null),
  });
  const answer = (await response.body.json()) as { result?: T; error?: BrokeredError };
  if (answer.error) throw new BrokeredCallError(answer.error);
  return answer.result as T;
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local server on port 0 and how to stop it. */
export interface LocalServer {
  origin: string;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1, port 0; close() also drops idle keep-alive sockets. */
export async function listenLocally(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** How a proxy turns a conformant target into a faulty one. */
export interface ProxyChange {
  /** Rewrites a JSON answer of the upstream (path without query, parsed body); returns the body to send. */
  rewrite?: (path: string, body: unknown) => unknown;
  /** Answers a request itself instead of the upstream; returns true when it did. */
  answer?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** A proxy in front of `upstream` (an origin) that applies `change`: a target written to fail in one known way. */
export function rewritingProxy(upstream: string, change: ProxyChange): Promise<LocalServer> {
  return listenLocally((req, res) => {
    if (change.answer?.(req, res)) return;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
      ) as Record<string, string>;
      try {
        const answer = await fetch(`${upstream}${req.url}`, {
          method: req.method ?? 'GET',
          headers,
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        });
        const text = await answer.text();
        const path = new URL(req.url ?? '/', upstream).pathname;
        let body = text;
        if (change.rewrite && (answer.headers.get('content-type') ?? '').includes('json')) {
          try {
            body = JSON.stringify(change.rewrite(path, JSON.parse(text)));
          } catch {
            body = text;
          }
        }
        res
          .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
          .end(body);
      } catch {
        res.writeHead(502).end();
      }
    });
  });
}

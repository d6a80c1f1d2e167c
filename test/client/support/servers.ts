/** Real local servers (port 0) for client tests, plus teardown that never waits on hostile connections. */
import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1:0; close() destroys open sockets first so hanging handlers cannot block teardown. */
export async function listen(server: http.Server | net.Server): Promise<Running> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function startHttp(handler: http.RequestListener): Promise<Running> {
  return listen(http.createServer(handler));
}

/** A port on which nothing listens (bound, then released). */
export async function unusedPort(): Promise<number> {
  const running = await listen(net.createServer());
  await running.close();
  return running.port;
}

export interface EchoPayload {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** base64 of the body bytes as received */
  body: string;
  /** base64 of the body after gunzip when content-encoding is gzip */
  decodedBody: string;
}

export function readAll(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Answers with a JSON description of the request as it arrived. */
export async function echo(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const body = await readAll(req);
  const gzipped = req.headers['content-encoding'] === 'gzip';
  const payload: EchoPayload = {
    method: req.method ?? '',
    url: req.url ?? '',
    headers: req.headers,
    body: body.toString('base64'),
    decodedBody: (gzipped ? gunzipSync(body) : body).toString('base64'),
  };
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(payload));
}

/**
 * Writes `total` bytes (Infinity: endless) honouring backpressure; resolves with what was written when the socket goes.
 */
export function pour(res: http.ServerResponse, total: number, chunk = Buffer.alloc(64 * 1024, 0x61)): Promise<number> {
  let written = 0;
  return new Promise((resolve) => {
    res.on('close', () => resolve(written));
    const pump = (): void => {
      while (written < total && !res.destroyed) {
        const size = Math.min(chunk.length, total - written);
        written += size;
        if (!res.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          res.once('drain', pump);
          return;
        }
      }
      if (written >= total) res.end();
    };
    pump();
  });
}

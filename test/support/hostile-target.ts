/**
 * A billing target that misbehaves in one chosen way: token requests reach the bundled reference (so a real
 * token is issued, and can leak), every other request meets the behaviour. For the hostile-target corpus
 * test and the hostile-target benchmark.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createGzip } from 'node:zlib';
import { request } from 'undici';
import { families } from '../../families/index.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { listen, pour, readAll, type Running } from '../client/support/servers.ts';
import { trickle } from './misbehaving-front.ts';

export const hostileClientId = '11111111-2222-4333-8444-555555555555';
export const hostileClientSecret = 'hostile-corpus-secret-5f2a9c81d7e34b06';

const MiB = 1024 * 1024;

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  body: Buffer;
  /** Answers as the reference would. */
  pass(): Promise<void>;
  /** The URL of this very request on the hostile server. */
  selfUrl: string;
}

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));

/** A gzip body of `decodedBytes` zeros, compressed in a stream (the test bomb is 200 MiB, the benchmark's 1.1 GiB). */
export async function gzipBomb(decodedBytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const zeros = Buffer.alloc(MiB);
  for (let written = 0; written < decodedBytes; written += MiB) {
    if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  await new Promise((resolve) => gzip.end(resolve));
  return Buffer.concat(out);
}

/** Every behaviour of the corpus, by name. `bomb` is the gzip bomb body the server sends. */
export function hostileBehaviours(bomb: Buffer): Record<string, (exchange: Exchange) => void | Promise<void>> {
  return {
    'garbage bytes': ({ socket }) => void socket.end('\x00\x01\x02 not http at all\r\n\r\n'),
    'invalid gzip': ({ res }) =>
      void res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end('definitely not gzip'),
    'gzip bomb': ({ res }) =>
      void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb),
    '200 MiB body': ({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MiB) });
      void pour(res, 200 * MiB);
    },
    'endless chunked body': ({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      void pour(res, Number.POSITIVE_INFINITY, Buffer.from('[1,2,3,4,5,6,7,8,9,10,'.repeat(2000)));
    },
    'hang after headers': ({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
    },
    'no answer at all': () => {},
    'reset mid-body': ({ res, socket }) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"items":[', () => socket.resetAndDestroy());
    },
    'slow body (1 byte/s)': ({ res, socket }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      trickle(socket, '{"slow":"body, one byte a second"}');
    },
    'slow headers (1 byte/s)': ({ socket }) =>
      trickle(socket, 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{}'),
    'Content-Length longer than the body': ({ socket }) =>
      void socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"short":1}'),
    'Content-Length shorter than the body': ({ socket }) =>
      void socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 3\r\n\r\n{"longer":"than announced"}',
      ),
    'duplicate and contradictory headers': ({ socket }) =>
      void socket.write(
        'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-type: text/html\r\nsvc-track-id: one\r\nsvc-track-id: two\r\ncontent-length: 2\r\n\r\n{}',
      ),
    'JSON with a text content type': ({ res }) =>
      void res.writeHead(201, { 'content-type': 'text/plain' }).end('{"id":"x"}'),
    'HTML with a JSON content type': ({ res }) =>
      void res.writeHead(201, { 'content-type': 'application/json' }).end('<html><body>Welcome</body></html>'),
    'redirect loop': ({ res, selfUrl }) => void res.writeHead(302, { location: selfUrl }).end(),
    // A documentation-only address (RFC 5737): never followed, so nothing connects to it.
    'redirect off the machine': ({ res, req }) =>
      void res.writeHead(307, { location: `http://192.0.2.10${req.url ?? '/'}` }).end(),
    '10,000 headers': ({ socket }) => {
      const headers = Array.from({ length: 10_000 }, (_, index) => `x-header-${index}: ${index}\r\n`).join('');
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${headers}content-length: 2\r\n\r\n{}`);
    },
    '1 MiB header line': ({ socket }) =>
      void socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-huge: ${'h'.repeat(MiB)}\r\ncontent-length: 2\r\n\r\n{}`,
      ),
    '1xx responses before the real one': async ({ socket, pass }) => {
      socket.write(
        'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </style.css>; rel=preload\r\n\r\n',
      );
      await pass();
    },
    'bodies echo the Authorization and the client secret': ({ req, res, body }) =>
      void json(res, 400, {
        error: 'bad request',
        youSent: { headers: req.headers, body: body.toString('utf8') },
        authorization: req.headers.authorization,
        clientSecret: hostileClientSecret,
      }),
  };
}

export interface HostileTarget {
  /** The billing base URL to put in a target entry. */
  baseUrl: string;
  /** Tokens the reference issued through this target (to grep the reports for). */
  issuedTokens: string[];
  close(): Promise<void>;
}

/** Starts the reference and, in front of it, a server that applies `behaviour` to every request but the token's. */
export async function startHostileTarget(
  behaviour: (exchange: Exchange) => void | Promise<void>,
): Promise<HostileTarget> {
  const reference: RunningReference = await startReferenceServer({
    serve: families(),
    env: { REFERENCE_CLIENT_ID: hostileClientId, REFERENCE_CLIENT_SECRET: hostileClientSecret },
    families: { billing: { mode: 'plain', options: { tokenRateLimit: { requests: 1000, windowMs: 1000 } } } },
  });
  const issuedTokens: string[] = [];
  let front: Running | undefined;
  const server = createServer(async (req, res) => {
    const body = await readAll(req);
    const path = (req.url ?? '/').replace(/^\/billing/, '');
    const pass = async () => {
      const answer = await request(`${reference.baseUrls.billing}${path}`, {
        method: req.method as 'POST',
        headers: req.headers as Record<string, string>,
        body: body.length ? body : null,
      });
      const raw = Buffer.from(await answer.body.arrayBuffer());
      const token = /"access_token"\s*:\s*"([^"]+)"/.exec(raw.toString('utf8'))?.[1];
      if (token) issuedTokens.push(token);
      const headers = Object.fromEntries(
        Object.entries(answer.headers).filter(
          ([name]) => !['transfer-encoding', 'connection', 'keep-alive'].includes(name),
        ),
      );
      res.writeHead(answer.statusCode, headers as Record<string, string>).end(raw);
    };
    try {
      if (path.endsWith('/oauth/token')) await pass();
      else
        await behaviour({ req, res, socket: req.socket, body, pass, selfUrl: `${front?.url ?? ''}${req.url ?? '/'}` });
    } catch {
      req.socket.destroy();
    }
  });
  front = await listen(server);
  return {
    baseUrl: `${front.url}/billing`,
    issuedTokens,
    close: async () => {
      await front?.close();
      await reference.close();
    },
  };
}

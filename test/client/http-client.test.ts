import http from 'node:http';
import net from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../client/http-client.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { echo, listen, pour, startHttp, unusedPort } from './support/servers.ts';
import type { EchoPayload, Running } from './support/servers.ts';

const MiB = 1024 * 1024;
/** Generous bound for "returns soon after the deadline" on a loaded CI machine. */
const SLACK_MS = 2_000;

let hugeBodyWritten: Promise<number> = Promise.resolve(0);
let endlessBodyWritten: Promise<number> = Promise.resolve(0);

const bomb = gzipSync(Buffer.alloc(50 * MiB));

const routes: Record<string, http.RequestListener> = {
  '/echo': (req, res) => void echo(req, res),
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(gzipSync(JSON.stringify({ hello: 'gzip' })));
  },
  '/x-gzip': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'X-GZIP' });
    res.end(gzipSync('upper-case x-gzip'));
  },
  '/bad-gzip': (_req, res) => {
    res.writeHead(502, { 'content-encoding': 'gzip' });
    res.end('this is not gzip at all');
  },
  '/empty-gzip': (_req, res) => {
    res.writeHead(204, { 'content-encoding': 'gzip' });
    res.end();
  },
  '/bomb': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip' });
    res.end(bomb);
  },
  '/huge': (_req, res) => {
    res.writeHead(200, { 'content-length': String(20 * MiB) });
    hugeBodyWritten = pour(res, 20 * MiB);
  },
  '/endless': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    endlessBodyWritten = pour(res, Number.POSITIVE_INFINITY);
  },
  '/trickle': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => res.write('x'), 20);
    res.on('close', () => clearInterval(timer));
  },
  '/hang': () => {
    // never answers
  },
  '/destroy': (req) => req.socket.destroy(),
  '/reset': (req) => req.socket.resetAndDestroy(),
  '/close-mid-body': (_req, res) => {
    res.writeHead(200, { 'content-length': '1000' });
    res.write('only a part', () => res.socket?.destroy());
  },
  '/text': (_req, res) => res.end('plain, not json'),
};

let server: Running;
let garbage: Running;
let interim: Running;
const client = new HttpClient({ timeoutMs: 5_000 });

beforeAll(async () => {
  server = await startHttp((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  // Answers every request with bytes that are not HTTP, and keeps the connection open.
  garbage = await listen(
    net.createServer((socket) => socket.on('data', () => socket.write('\x00\x01garbage\r\n\r\n'))),
  );
  // Unsolicited interim responses before each final one, the last split inside its status line; keeps the connection.
  interim = await listen(
    net.createServer((socket) =>
      socket.on('data', () => {
        socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 1');
        setTimeout(
          () =>
            socket.write(
              '02 Processing\r\n\r\nHTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}',
            ),
          10,
        );
      }),
    ),
  );
});

afterAll(async () => {
  await client.close();
  await Promise.all([server.close(), garbage.close(), interim.close()]);
});

function echoed(exchange: Exchange): EchoPayload {
  expect(exchange.error).toBeUndefined();
  return exchange.response?.json() as EchoPayload;
}

describe('HttpClient round trips', () => {
  it('sends JSON and decodes a JSON answer', async () => {
    const exchange = await client.send({ method: 'POST', url: `${server.url}/echo?q=1`, json: { a: 1, b: 'ü' } });
    const payload = echoed(exchange);
    expect(exchange.response?.status).toBe(200);
    expect(payload.method).toBe('POST');
    expect(payload.url).toBe('/echo?q=1');
    expect(payload.headers['content-type']).toBe('application/json');
    expect(JSON.parse(Buffer.from(payload.body, 'base64').toString('utf8'))).toEqual({ a: 1, b: 'ü' });
    expect(exchange.request.body?.toString('utf8')).toBe('{"a":1,"b":"ü"}');
    expect(exchange.response?.body).toBe(exchange.response?.rawBody);
    expect(exchange.response?.json()).toBe(exchange.response?.json()); // cached
    expect(exchange.durationMs).toBeGreaterThanOrEqual(0);
    expect(exchange.startedAt).toBeGreaterThan(0);
  });

  it('keeps a caller content-type and echoes headers with their case', async () => {
    const exchange = await client.send({
      method: 'PUT',
      url: `${server.url}/echo`,
      headers: { 'Content-Type': 'application/vnd.test+json', 'X-Trace': 'abc' },
      json: [1, 2],
    });
    const payload = echoed(exchange);
    expect(payload.headers['content-type']).toBe('application/vnd.test+json');
    expect(payload.headers['x-trace']).toBe('abc');
    expect(exchange.request.headers).toEqual({ 'Content-Type': 'application/vnd.test+json', 'X-Trace': 'abc' });
  });

  it('gzips the request body and records both forms', async () => {
    const exchange = await client.send({
      method: 'POST',
      url: `${server.url}/echo`,
      json: { zipped: true },
      gzipBody: true,
    });
    const payload = echoed(exchange);
    expect(payload.headers['content-encoding']).toBe('gzip');
    expect(Buffer.from(payload.decodedBody, 'base64').toString()).toBe('{"zipped":true}');
    expect(exchange.request.plainBody?.toString()).toBe('{"zipped":true}');
    expect(gunzipSync(exchange.request.body ?? Buffer.alloc(0)).toString()).toBe('{"zipped":true}');
    expect(exchange.request.headers['content-encoding']).toBe('gzip');
  });

  it('sends latin1 header bytes (0x80-0xFF) unchanged', async () => {
    const exchange = await client.send({
      method: 'GET',
      url: `${server.url}/echo`,
      headers: { 'x-latin1': 'caf\u00e9 \u00ff' },
    });
    // node:http decodes header bytes as latin1, so 'é' here means the single byte 0xE9 arrived.
    expect(echoed(exchange).headers['x-latin1']).toBe('caf\u00e9 \u00ff');
  });

  it('sends raw string and Uint8Array bodies as given', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const exchange = await client.send({ method: 'POST', url: `${server.url}/echo`, body: bytes });
    expect(Buffer.from(echoed(exchange).body, 'base64')).toEqual(Buffer.from(bytes));
  });

  it('reuses keep-alive connections and numbers exchanges increasingly', async () => {
    let connections = 0;
    const plain = http.createServer((req, res) => void echo(req, res));
    plain.on('connection', () => connections++);
    const running = await listen(plain);
    const own = new HttpClient();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) ids.push((await own.send({ method: 'GET', url: running.url })).id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(new Set(ids).size).toBe(10);
      // undici releases a connection a tick after the body ends, so a back-to-back request may open a second one.
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      await own.close();
      await running.close();
    }
  });
});

describe('HttpClient response decoding', () => {
  it('gunzips a gzip response and keeps the raw bytes', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/gzip` });
    expect(exchange.error).toBeUndefined();
    expect(exchange.response?.json()).toEqual({ hello: 'gzip' });
    expect(exchange.response?.contentEncoding).toBe('gzip');
    expect(exchange.response?.rawBody.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('treats Content-Encoding case-insensitively, including x-gzip', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/x-gzip` });
    expect(exchange.error).toBeUndefined();
    expect(exchange.response?.text()).toBe('upper-case x-gzip');
  });

  it('reports BAD_GZIP and keeps status and raw body', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/bad-gzip` });
    expect(exchange.error?.code).toBe('BAD_GZIP');
    expect(exchange.response?.status).toBe(502);
    expect(exchange.response?.rawBody.toString()).toBe('this is not gzip at all');
    expect(exchange.response?.body).toBe(exchange.response?.rawBody);
  });

  it('accepts an empty body labelled gzip', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/empty-gzip` });
    expect(exchange.error).toBeUndefined();
    expect(exchange.response?.status).toBe(204);
  });

  it('stops a gzip bomb at maxDecodedBytes', async () => {
    const small = new HttpClient({ maxDecodedBytes: MiB });
    try {
      const exchange = await small.send({ method: 'GET', url: `${server.url}/bomb` });
      expect(exchange.error?.code).toBe('BODY_TOO_LARGE');
      expect(exchange.error?.message).toBe(`gzip body decodes to more than ${MiB} bytes`);
      // Reading may stop once the output passed the cap: what was kept is the start of the bomb as sent.
      const raw = exchange.response?.rawBody ?? Buffer.alloc(0);
      expect(raw.length).toBeGreaterThan(0);
      expect(raw.equals(bomb.subarray(0, raw.length))).toBe(true);
      expect(exchange.response?.body).toBe(raw);
    } finally {
      await small.close();
    }
  });

  it('json() throws SyntaxError for a non-JSON body', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/text` });
    expect(() => exchange.response?.json()).toThrow(SyntaxError);
    expect(() => exchange.response?.json()).toThrow(SyntaxError);
    expect(exchange.response?.text()).toBe('plain, not json');
  });
});

describe('HttpClient body limits', () => {
  it('cuts a huge body at maxBodyBytes and stops the transfer', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/huge` }, { maxBodyBytes: MiB });
    expect(exchange.error?.code).toBe('BODY_TOO_LARGE');
    expect(exchange.error?.message).toBe(
      `response body exceeds ${MiB} bytes (its first 65536 bytes are kept as evidence)`,
    );
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.rawBody).toEqual(Buffer.alloc(64 * 1024, 0x61));
    // The connection was dropped: the server could not push all 20 MiB (only what socket buffers absorbed).
    expect(await hugeBodyWritten).toBeLessThan(20 * MiB);
  });

  it('ends an endless body at the cap', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/endless` }, { maxBodyBytes: MiB });
    expect(exchange.error?.code).toBe('BODY_TOO_LARGE');
    expect(exchange.response?.rawBody.length).toBe(64 * 1024);
    expect(await endlessBodyWritten).toBeGreaterThan(MiB);
  });

  it('ends a trickling endless body at the timeout, keeping what arrived', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/trickle` }, { timeoutMs: 300 });
    expect(exchange.error?.code).toBe('TIMEOUT');
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.rawBody.length).toBeGreaterThan(0);
    expect(exchange.durationMs).toBeLessThan(300 + SLACK_MS);
  });

  it('still works after the aborted exchanges (pool not poisoned)', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/echo` });
    expect(exchange.response?.status).toBe(200);
  });
});

describe('HttpClient target faults', () => {
  it('TIMEOUT when the server never answers', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/hang` }, { timeoutMs: 200 });
    expect(exchange.error?.code).toBe('TIMEOUT');
    expect(exchange.response).toBeUndefined();
    expect(exchange.durationMs).toBeGreaterThanOrEqual(150);
    expect(exchange.durationMs).toBeLessThan(200 + SLACK_MS);
  });

  it('CONNECTION_RESET when the server closes the socket', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/destroy` });
    expect(exchange.error?.code).toBe('CONNECTION_RESET');
    expect(exchange.response).toBeUndefined();
  });

  it('CONNECTION_RESET on a TCP RST', async () => {
    const exchange = await client.send({ method: 'POST', url: `${server.url}/reset`, body: 'x' });
    expect(exchange.error?.code).toBe('CONNECTION_RESET');
  });

  it('BODY_INCOMPLETE with the response kept when the body ends short of its Content-Length', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/close-mid-body` });
    expect(exchange.error?.code).toBe('BODY_INCOMPLETE');
    expect(exchange.error?.message).toBe('the connection closed after 11 of the 1000 bytes Content-Length announced');
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.rawBody.toString()).toBe('only a part');
  });

  it('CONNECTION_REFUSED when nothing listens', async () => {
    const port = await unusedPort();
    const exchange = await client.send({ method: 'GET', url: `http://127.0.0.1:${port}/` });
    expect(exchange.error?.code).toBe('CONNECTION_REFUSED');
  });

  it('skips unsolicited 1xx responses before the final one (RFC 9110 §15.2), on a reused connection too', async () => {
    for (const request of [{ method: 'GET' }, { method: 'POST', json: { a: 1 } }, { method: 'GET' }]) {
      const exchange = await client.send({ ...request, url: `${interim.url}/` });
      expect(exchange.error).toBeUndefined();
      expect(exchange.response?.status).toBe(200);
      expect(exchange.response?.json()).toEqual({ ok: true });
    }
  });

  it('PROTOCOL_ERROR when the answer is not HTTP', async () => {
    const exchange = await client.send({ method: 'GET', url: `${garbage.url}/` });
    expect(exchange.error?.code).toBe('PROTOCOL_ERROR');
  });
});

describe('HttpClient request errors never throw', () => {
  const cases: Array<[string, () => Parameters<HttpClient['send']>[0]]> = [
    [
      'a header value with a newline',
      () => ({ method: 'GET', url: `${server.url}/echo`, headers: { 'x-bad': 'a\nb' } }),
    ],
    ['a header value above latin1', () => ({ method: 'GET', url: `${server.url}/echo`, headers: { 'x-bad': '€' } })],
    ['an invalid header name', () => ({ method: 'GET', url: `${server.url}/echo`, headers: { 'bad name': 'x' } })],
    ['a relative url', () => ({ method: 'GET', url: '/relative' })],
    ['an unsupported scheme', () => ({ method: 'GET', url: 'ftp://127.0.0.1/' })],
    ['an invalid method', () => ({ method: 'GE T', url: `${server.url}/echo` })],
    ['both body and json', () => ({ method: 'POST', url: `${server.url}/echo`, body: 'x', json: {} })],
    [
      'circular json',
      () => {
        const circular: Record<string, unknown> = {};
        circular.self = circular;
        return { method: 'POST', url: `${server.url}/echo`, json: circular };
      },
    ],
  ];

  it.each(cases)('REQUEST_ERROR for %s', async (_name, build) => {
    const exchange = await client.send(build());
    expect(exchange.error?.code).toBe('REQUEST_ERROR');
    expect(exchange.response).toBeUndefined();
    expect(typeof exchange.error?.message).toBe('string');
  });
});

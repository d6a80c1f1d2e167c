import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runLoad } from '../../load/run-load.ts';
import { thresholds, type LoadScenario } from '../../load/scenario.ts';

/**
 * The closed model's own client against raw loopback servers, each answering one way a target may: what it counts
 * (answers, failures, timeouts, bytes) and what it hands a response rule.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server calling `onRequest` for each request head it reads (requests here carry no body unless POST). */
async function rawServer(onRequest: (socket: Socket, head: string, body: string) => void) {
  const seen = { requests: 0, bytesIn: 0, bytesOut: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let pending = '';
    socket.on('data', (chunk) => {
      seen.bytesIn += chunk.length;
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const head = pending.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (pending.length < end + 4 + length) break;
        const body = pending.slice(end + 4, end + 4 + length);
        pending = pending.slice(end + 4 + length);
        seen.requests += 1;
        onRequest(socket, head, body);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    const write = socket.write.bind(socket);
    socket.write = ((data: string | Buffer, ...rest: never[]) => {
      seen.bytesOut += Buffer.byteLength(data);
      return write(data, ...rest);
    }) as typeof socket.write;
  });
  server.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const scenarioOf = (baseUrl: string, overrides: Partial<LoadScenario>): LoadScenario => ({
  name: 'closed loop',
  family: 'test',
  baseUrl,
  requests: [{ label: 'get', method: 'GET', path: '/' }],
  connections: 4,
  durationSeconds: 2,
  maxRequests: 200,
  thresholds: thresholds('count(errors) == 0'),
  ...overrides,
});

const ok = (socket: Socket, extra = '') =>
  socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json${extra}\r\nContent-Length: 11\r\n\r\n{"ok":true}`);

describe('the closed model reads its answers off the socket', () => {
  test('exactly maxRequests answered, the bytes on the wire counted as the target counts them', async () => {
    const { baseUrl, seen } = await rawServer((socket) => ok(socket));
    const result = await runLoad(scenarioOf(baseUrl, { maxRequests: 203 }));
    expect(result.statuses).toEqual({ 200: 203 });
    expect(result.sent).toBe(203);
    expect(seen.requests).toBe(203);
    expect(result.data).toEqual({ received: seen.bytesOut, sent: seen.bytesIn });
    expect(result.errors).toBe(0);
  });

  test('a target closing after every answer (Connection: close): each request on a connection of its own, no error', async () => {
    const { baseUrl } = await rawServer((socket) => {
      ok(socket, '\r\nConnection: close');
      socket.end();
    });
    const result = await runLoad(scenarioOf(baseUrl, { maxRequests: 40 }));
    expect(result.statuses).toEqual({ 200: 40 });
    expect(result.errors).toBe(0);
  });

  test('a target that never answers: each request times out, counted, and its connection opened afresh', async () => {
    const { baseUrl, seen } = await rawServer(() => {});
    const result = await runLoad(
      scenarioOf(baseUrl, { connections: 2, durationSeconds: 2.6, timeoutSeconds: 1, maxRequests: 100 }),
    );
    expect(result.statuses).toEqual({});
    expect(result.timeouts).toBe(4);
    expect(result.errors).toBe(4);
    // The two sent after the second timeout were still in flight at the end: not counted.
    expect(seen.requests).toBe(6);
    expect(result.thresholds[0]?.passed).toBe(false);
  });

  test('a target closing mid-body or answering garbage: those requests fail, the rest are answered', async () => {
    let count = 0;
    const { baseUrl } = await rawServer((socket) => {
      count += 1;
      if (count % 3 === 1) socket.end('HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nhalf');
      else if (count % 3 === 2) socket.end('garbage\r\n\r\n');
      else ok(socket);
    });
    const result = await runLoad(scenarioOf(baseUrl, { connections: 1, maxRequests: 30 }));
    expect(result.errors + (result.statuses['200'] ?? 0)).toBe(30);
    expect(result.errors).toBe(20);
    expect(result.timeouts).toBe(0);
  });

  test('bursts: each connection sends its share of the rate at the start of every second', async () => {
    const { baseUrl } = await rawServer((socket) => ok(socket));
    const result = await runLoad(
      scenarioOf(baseUrl, { rate: 30, bursts: true, connections: 4, durationSeconds: 2.5, maxRequests: 1000 }),
    );
    // Seconds 0, 1 and 2 of the run, 30 each; the first second's 30 all within its first half.
    expect(result.statuses).toEqual({ 200: 90 });
  });

  test('a response rule sees status, lower-case headers, the body and the fresh headers really sent', async () => {
    const { baseUrl } = await rawServer((socket, head, body) => {
      const track = /svc-track-id: (\S+)/i.exec(head)?.[1] ?? '';
      const answer = JSON.stringify({ echoed: body });
      socket.write(
        `HTTP/1.1 201 Created\r\nSvc-Track-Id: ${track}\r\nTransfer-Encoding: chunked\r\n\r\n${answer.length.toString(16)}\r\n${answer}\r\n0\r\n\r\n`,
      );
    });
    let fresh = 0;
    const seen: { status: number; track?: string; body: string; sent?: string }[] = [];
    const result = await runLoad(
      scenarioOf(baseUrl, {
        requests: [
          {
            label: 'post',
            method: 'POST',
            path: '/charges',
            body: '{"a":1}',
            headers: { 'content-type': 'application/json' },
            freshHeaders: () => ({ 'svc-track-id': `t-${++fresh}` }),
          },
        ],
        connections: 1,
        maxRequests: 3,
        checkResponse: (response) => {
          seen.push({
            status: response.status,
            body: response.body,
            ...(response.headers['svc-track-id'] ? { track: response.headers['svc-track-id'] } : {}),
            ...(response.sentHeaders?.['svc-track-id'] ? { sent: response.sentHeaders['svc-track-id'] } : {}),
          });
          return response.status === 201 ? undefined : { ruleId: 'test.created', message: 'not 201' };
        },
      }),
    );
    expect(seen).toEqual(
      [1, 2, 3].map((n) => ({ status: 201, body: '{"echoed":"{\\"a\\":1}"}', track: `t-${n}`, sent: `t-${n}` })),
    );
    expect(result.byLabel).toEqual({ post: { 201: 3 } });
    expect(result.violations).toEqual([]);
    expect(result.samples['201']?.sentHeaders?.['svc-track-id']).toBe('t-1');
  });

  test('over TLS (a target behind https): every answer read off the TLS socket and judged', async (context) => {
    const dir = mkdtempSync(join(tmpdir(), 'closed-loop-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-subj',
          '/CN=127.0.0.1',
          '-days',
          '1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    } catch {
      return context.skip('openssl is not installed: no certificate to serve TLS with');
    }
    const server = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (request, response) => {
        request.resume();
        response
          .writeHead(200, {
            'content-type': 'application/json',
            'svc-track-id': String(request.headers['svc-track-id']),
          })
          .end('{"ok":true}');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server as unknown as Server);
    let judged = 0;
    const result = await runLoad(
      scenarioOf(`https://127.0.0.1:${(server.address() as AddressInfo).port}`, {
        requests: [{ label: 'get', method: 'GET', path: '/', headers: { 'svc-track-id': 'tls' } }],
        maxRequests: 50,
        checkResponse: (response) => {
          judged += 1;
          return response.headers['svc-track-id'] === 'tls' && response.body === '{"ok":true}'
            ? undefined
            : { ruleId: 'test.echo', message: 'not echoed' };
        },
      }),
    );
    expect(result.statuses).toEqual({ 200: 50 });
    expect(judged).toBe(50);
    expect(result.violations).toEqual([]);
    expect(result.data?.received).toBeGreaterThan(50 * 11);
  });
});

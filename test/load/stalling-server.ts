import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A freeze schedule: the target stops for `freezeMs` at the end of every `periodMs`, counted from `startedAt`. */
export interface FreezeSchedule {
  startedAt: number;
  periodMs: number;
  freezeMs: number;
}

/** How long a request arriving at `at` (epoch ms) waits before the target serves it: the rest of a freeze, else 0. */
export function frozenFor(schedule: FreezeSchedule, at: number): number {
  const phase = (((at - schedule.startedAt) % schedule.periodMs) + schedule.periodMs) % schedule.periodMs;
  const frozenFrom = schedule.periodMs - schedule.freezeMs;
  return phase >= frozenFrom ? schedule.periodMs - phase : 0;
}

export interface StallingServer {
  baseUrl: string;
  schedule: FreezeSchedule;
  /** Requests received. */
  received(): number;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server on port 0 that serves like `handle` but freezes (answers nothing, then everything at
 * once) for `freezeMs` of every `periodMs`; `freezeMs` 0 is a steady target. Used to prove that a load run sees
 * stalls (coordinated omission) and that a steady target passes the same profile.
 */
export async function startStallingServer(options: {
  periodMs: number;
  freezeMs: number;
  handle?: (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;
}): Promise<StallingServer> {
  const schedule: FreezeSchedule = { startedAt: Date.now(), periodMs: options.periodMs, freezeMs: options.freezeMs };
  const handle =
    options.handle ??
    ((_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  let received = 0;
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    received += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const serve = () =>
        void Promise.resolve(handle(request, response, Buffer.concat(chunks).toString())).catch(() =>
          response.destroy(),
        );
      const wait = frozenFor(schedule, Date.now());
      if (wait === 0) return serve();
      const timer = setTimeout(() => {
        pending.delete(timer);
        serve();
      }, wait);
      pending.add(timer);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    schedule,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

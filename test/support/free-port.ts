import { createServer } from 'node:net';

/** A loopback port free a moment ago: for a server that must be told its port (Prometheus), or to find none listening. */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

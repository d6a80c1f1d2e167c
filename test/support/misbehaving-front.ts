/**
 * A front that misbehaves at the connection on every request it gets, whichever family's path: for the runs that
 * check a target that never answers properly still gets a verdict, whatever request meets it first (a token, a
 * suite file's first use, a session's start).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listenLocally, type LocalServer } from './rewriting-proxy.ts';

/** Writes `text` one byte per `intervalMs` straight to the socket, until it is written or the socket closes. */
export function trickle(socket: Socket, text: string, intervalMs = 1000): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text[index++] as string);
  }, intervalMs);
  socket.once('close', () => clearInterval(timer));
}

type Misbehaviour = (req: IncomingMessage, res: ServerResponse, socket: Socket) => void;

/** What a target can do to a connection instead of answering, by name. */
export const connectionMisbehaviours: Record<string, Misbehaviour> = {
  'hang before headers': () => {},
  'hang after headers': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
  },
  'slow headers (1 byte/s)': (_req, _res, socket) =>
    trickle(socket, 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}'),
  'slow body (1 byte/s)': (_req, res, socket) => {
    // A body of announced length, so every byte that comes is valid: only its pace is wrong.
    const body = '{"slow":"body, one byte a second"}';
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
    res.flushHeaders();
    trickle(socket, body);
  },
  'reset at once': (_req, _res, socket) => void socket.resetAndDestroy(),
  'close mid-body': (_req, _res, socket) =>
    void socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"cut":'),
};

/** The misbehaviours a client meets as a request that never completes: its own timeout ends it. */
export const hangingMisbehaviours = new Set([
  'hang before headers',
  'hang after headers',
  'slow headers (1 byte/s)',
  'slow body (1 byte/s)',
]);

/** Starts a front on port 0 that meets every request with the named misbehaviour; close() drops its connections. */
export function startMisbehavingFront(name: string): Promise<LocalServer> {
  const misbehave = connectionMisbehaviours[name];
  if (!misbehave) throw new Error(`no misbehaviour named ${name}`);
  return listenLocally((req, res) => {
    // The request body is read and dropped, so that only the answer misbehaves.
    req.resume();
    misbehave(req, res, req.socket);
  });
}

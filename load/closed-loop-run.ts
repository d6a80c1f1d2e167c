import { connect as connectPlain, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { Http1ResponseParser, type ParsedResponse } from './http1-response-parser.ts';
import { type DataBytes, type EngineOutcome, keptBodyBytes, type LoadBase } from './load-engine.ts';
import type { RunRecorder } from './run-recorder.ts';
import type { LoadRequest, LoadScenario } from './scenario.ts';

/** How often requests in flight are looked at for the timeout (one timer a run, not one a request). */
const timeoutSweepMs = 50;

/**
 * The closed model: bursts (`rate` with `bursts`, each connection sending its share at the start of every second)
 * and as-fast-as-possible runs. Each connection sends a request, waits for its answer and sends the next, the
 * scenario's requests in turn, so response time and service time are the same figure here. It reads the bytes off
 * node:net itself (`onread`, no stream in between) with a parser that builds only what the recorder wants (see
 * Http1ResponseParser); autocannon, used before, cost the harness about twice the user CPU per answer (see
 * docs/benchmarks.md). Bounded by the duration and by the request count, each connection its share of both; a request
 * unanswered within the timeout fails and its connection is opened afresh.
 */
export function runClosedLoop(
  scenario: LoadScenario,
  base: LoadBase,
  recorder: RunRecorder,
  signal?: AbortSignal,
): Promise<EngineOutcome> {
  return new ClosedLoopRun(scenario, base, recorder, signal).run();
}

/** The request as bytes on the wire (as autocannon wrote it: Host, keep-alive, the headers, Content-Length). */
function requestBytes(request: LoadRequest, path: string, host: string, headers = request.headers): Buffer {
  const lines = [`${request.method} ${path} HTTP/1.1`];
  const named = Object.keys(headers ?? {}).map((name) => name.toLowerCase());
  if (!named.includes('host')) lines.push(`Host: ${host}`);
  lines.push('Connection: keep-alive');
  for (const [name, value] of Object.entries(headers ?? {})) lines.push(`${name}: ${value}`);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  if (body?.length && !named.includes('content-length')) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body?.length ? Buffer.concat([head, body]) : head;
}

/** x shared among n connections, the first ones taking the remainder (autocannon's split). */
function shareOf(total: number, connections: number, index: number): number {
  return Math.floor(total / connections) + (index < total % connections ? 1 : 0);
}

class ClosedLoopRun {
  readonly #scenario: LoadScenario;
  readonly #recorder: RunRecorder;
  readonly #signal: AbortSignal | undefined;
  readonly #url: URL;
  readonly #paths: string[];
  /** Made once per scenario request; a request with fresh headers is built per send. */
  readonly #fixed: (Buffer | undefined)[];
  readonly #connections: Connection[] = [];
  readonly #timeoutMs: number;
  readonly #bytes: DataBytes = { received: 0, sent: 0 };
  readonly #startedAt = performance.now();
  /** Every socket reads into this one buffer: the parser copies whatever it keeps before the next read. */
  readonly #readBuffer = Buffer.allocUnsafe(64 * 1024);
  #settled = 0;
  #ended = false;
  #timers: NodeJS.Timeout[] = [];
  #resolve: (outcome: EngineOutcome) => void = () => {};
  readonly wantsContent: (status: number) => boolean;

  constructor(scenario: LoadScenario, base: LoadBase, recorder: RunRecorder, signal: AbortSignal | undefined) {
    this.#scenario = scenario;
    this.#recorder = recorder;
    this.#signal = signal;
    this.#url = new URL(base.origin);
    this.#timeoutMs = (scenario.timeoutSeconds ?? 10) * 1000;
    this.#paths = scenario.requests.map((request) => base.path(request.path));
    this.#fixed = scenario.requests.map((request, index) =>
      request.freshHeaders ? undefined : requestBytes(request, this.#paths[index] as string, this.#url.host),
    );
    this.wantsContent = (status) => recorder.wantsContent(status);
  }

  run(): Promise<EngineOutcome> {
    const scenario = this.#scenario;
    const count = Math.max(
      1,
      Math.min(scenario.connections, scenario.maxRequests, scenario.rate ?? Number.POSITIVE_INFINITY),
    );
    const perSecond = scenario.rate === undefined ? undefined : Math.max(1, Math.round(scenario.rate));
    return new Promise<EngineOutcome>((resolve) => {
      this.#resolve = resolve;
      if (this.#signal?.aborted) return this.#end();
      this.#signal?.addEventListener('abort', this.#end, { once: true });
      this.#timers.push(setTimeout(this.#end, scenario.durationSeconds * 1000));
      this.#timers.push(setInterval(this.#sweep, timeoutSweepMs));
      if (perSecond !== undefined) this.#timers.push(setInterval(this.#nextSecond, 1000));
      for (let index = 0; index < count; index++) {
        const share = shareOf(scenario.maxRequests, count, index);
        const connection = new Connection(this, share, perSecond && shareOf(perSecond, count, index));
        this.#connections.push(connection);
        if (share > 0) connection.open();
      }
    });
  }

  /** The bytes of the scenario's request at `index`, and the headers sent where they are fresh. */
  request(index: number): { request: LoadRequest; bytes: Buffer; sentHeaders?: Record<string, string> } {
    const at = index % this.#scenario.requests.length;
    const request = this.#scenario.requests[at] as LoadRequest;
    const fixed = this.#fixed[at];
    if (fixed) return { request, bytes: fixed };
    const path = this.#paths[at] as string;
    const sentHeaders = {
      ...request.headers,
      ...request.freshHeaders?.({ method: request.method, path, body: request.body ?? '' }),
    };
    return { request, bytes: requestBytes(request, path, this.#url.host, sentHeaders), sentHeaders };
  }

  /** A new socket to the target; over TLS its bytes come as data events (`onread` is net's alone). */
  socket(reader: Connection): { socket: Socket; tls: boolean } {
    const port = Number(this.#url.port) || (this.#url.protocol === 'https:' ? 443 : 80);
    const host = this.#url.hostname.replace(/^\[|\]$/g, '');
    // As autocannon did: a load run judges the target's answers, not its certificate (the suites do).
    if (this.#url.protocol === 'https:')
      return { socket: connectTls({ host, port, servername: host, rejectUnauthorized: false }), tls: true };
    const callback = (length: number) => {
      reader.read(this.#readBuffer, length);
      return true;
    };
    return { socket: connectPlain({ host, port, onread: { buffer: this.#readBuffer, callback } }), tls: false };
  }

  /** A socket the run is done with: its bytes counted, then closed. */
  drop(socket: Socket): void {
    this.#bytes.received += socket.bytesRead;
    this.#bytes.sent += socket.bytesWritten;
    socket.destroy();
  }

  get ended(): boolean {
    return this.#ended;
  }

  answered(connection: Connection, response: ParsedResponse, sentAt: number): void {
    const ms = performance.now() - sentAt;
    this.#recorder.timed(response.status, ms, ms);
    const request = connection.request as LoadRequest;
    if (response.headers && response.body !== undefined)
      this.#recorder.observed({
        label: request.label,
        status: response.status,
        headers: response.headers,
        body: response.body,
        ...(connection.sentHeaders ? { sentHeaders: connection.sentHeaders } : {}),
      });
    else this.#recorder.labelled(request.label, response.status);
    this.#settle();
  }

  failed(timedOut: boolean): void {
    this.#recorder.failed(timedOut);
    this.#settle();
  }

  #settle(): void {
    if (++this.#settled >= this.#scenario.maxRequests) this.#end();
  }

  readonly #sweep = (): void => {
    const now = performance.now();
    for (const connection of this.#connections) connection.timedOutBy(now - this.#timeoutMs);
  };

  readonly #nextSecond = (): void => {
    for (const connection of this.#connections) connection.nextSecond();
  };

  /** Duration over, every request allowed settled, or interrupted: what is in flight is left uncounted. */
  readonly #end = (): void => {
    if (this.#ended) return;
    this.#ended = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#signal?.removeEventListener('abort', this.#end);
    for (const connection of this.#connections) connection.close();
    // Requests answered or failed are the ones counted as sent (as with autocannon): one still in flight is not.
    const sent = this.#settled;
    this.#resolve({
      sent,
      achievedRate: sent / Math.max(0.001, (performance.now() - this.#startedAt) / 1000),
      connections: this.#connections.length,
      bytes: this.#bytes,
    });
  };
}

/** One connection of the run: one request at a time, reopened after an error, a timeout or a close. */
class Connection {
  readonly #run: ClosedLoopRun;
  /** Requests this connection may send in all, and per second (bursts). */
  readonly #share: number;
  readonly #perSecond: number | undefined;
  readonly #parser: Http1ResponseParser;
  #socket: Socket | undefined;
  #made = 0;
  #madeThisSecond = 0;
  #paused = false;
  /** The request in flight, when it was sent, and its headers where fresh ones were made. */
  request: LoadRequest | undefined;
  sentHeaders: Record<string, string> | undefined;
  #sentAt = 0;

  constructor(run: ClosedLoopRun, share: number, perSecond: number | undefined) {
    this.#run = run;
    this.#share = share;
    this.#perSecond = perSecond;
    this.#parser = new Http1ResponseParser(keptBodyBytes, run.wantsContent, this.#answered);
  }

  open(): void {
    const { socket, tls } = this.#run.socket(this);
    this.#socket = socket;
    socket.setNoDelay(true);
    this.#parser.reset();
    if (tls) socket.on('data', (chunk: Buffer) => this.read(chunk, chunk.length));
    socket.on('error', () => this.#lost(socket, false));
    socket.on('end', () => {
      // A body read to the end of the stream is complete now; any other answer cut short fails its request.
      if (socket === this.#socket) this.#parser.finish();
      this.#lost(socket, false);
    });
    this.#send();
  }

  read(buffer: Buffer, length: number): void {
    try {
      this.#parser.execute(buffer, 0, length);
    } catch {
      // Not HTTP: the request in flight failed; the connection starts afresh.
      if (this.#socket) this.#lost(this.#socket, false);
    }
  }

  timedOutBy(sentBefore: number): void {
    if (this.request && this.#socket && this.#sentAt < sentBefore) this.#lost(this.#socket, true);
  }

  nextSecond(): void {
    this.#madeThisSecond = 0;
    if (this.#paused) {
      this.#paused = false;
      this.#send();
    }
  }

  close(): void {
    const socket = this.#socket;
    this.#socket = undefined;
    this.request = undefined;
    if (socket) this.#run.drop(socket);
  }

  readonly #answered = (response: ParsedResponse): void => {
    if (this.#run.ended || !this.request) return;
    this.#run.answered(this, response, this.#sentAt);
    this.request = undefined;
    if (this.#run.ended) return;
    if (response.keepAlive) this.#send();
    else if (this.#socket) {
      // The target closes after this answer: the next request goes on a connection of its own.
      this.#run.drop(this.#socket);
      this.#socket = undefined;
      this.#next();
    }
  };

  /** The socket failed, timed out or was closed by the target: the request in flight, if any, failed; a fresh one carries on. */
  #lost(socket: Socket, timedOut: boolean): void {
    if (socket !== this.#socket || this.#run.ended) return;
    this.#socket = undefined;
    this.#run.drop(socket);
    const inFlight = this.request !== undefined;
    this.request = undefined;
    if (inFlight) this.#run.failed(timedOut);
    if (!this.#run.ended) this.#next();
  }

  /** The next request on a new connection, once this one has room for it. */
  #next(): void {
    if (this.#made < this.#share) this.open();
  }

  #send(): void {
    if (this.#made >= this.#share || !this.#socket) return;
    if (this.#perSecond !== undefined && this.#madeThisSecond >= this.#perSecond) {
      this.#paused = true;
      return;
    }
    const { request, bytes, sentHeaders } = this.#run.request(this.#made);
    this.#made += 1;
    this.#madeThisSecond += 1;
    this.request = request;
    this.sentHeaders = sentHeaders;
    this.#sentAt = performance.now();
    this.#socket.write(bytes);
  }
}

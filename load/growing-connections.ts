import type { Socket } from 'node:net';
import { buildConnector, Client, type Dispatcher } from 'undici';

interface Waiting {
  options: Dispatcher.DispatchOptions;
  handler: Dispatcher.DispatchHandler;
}

/**
 * The connections of an open-model run: one request at a time on each (no pipelining, so a slow answer holds
 * up no other request), reused most-recently-freed first, and a new one opened whenever a request finds none
 * free, up to `maxConnections`. At most `maxConnecting` are being opened at once; a request that finds none free
 * while they open waits for the first connection that frees or opens, in order of arrival. That wait is not
 * hidden: the open model counts response time from the request's due time. Without the bound, a burst of
 * due requests after any pause of the process opened hundreds of connections at once, and opening them was
 * what made the process late (the bench measured it).
 */
export class GrowingConnections {
  readonly #origin: string;
  readonly #options: { maxConnections: number; maxConnecting: number; timeoutMs: number };
  readonly #idle: Client[] = [];
  readonly #clients = new Set<Client>();
  readonly #carriers = new Map<Client, Carrier>();
  readonly #waiting: Waiting[] = [];
  #waitingHead = 0;
  #connecting = 0;
  #closed = false;

  constructor(origin: string, options: { maxConnections: number; maxConnecting: number; timeoutMs: number }) {
    this.#origin = origin;
    this.#options = options;
  }

  /** The most connections open at once so far. */
  mostConnections = 0;
  /** Bytes on the wire of the sockets closed so far (headers and bodies, as k6's data_received / data_sent). */
  #closedBytes = { received: 0, sent: 0 };
  readonly #sockets = new Set<Socket>();

  /** Bytes read from and written to the target's sockets so far, the open ones included. */
  get bytes(): { received: number; sent: number } {
    let { received, sent } = this.#closedBytes;
    for (const socket of this.#sockets) {
      received += socket.bytesRead;
      sent += socket.bytesWritten;
    }
    return { received, sent };
  }

  /** Every connection allowed is open and carries a request: a request now could only wait behind them. */
  get full(): boolean {
    return this.#clients.size >= this.#options.maxConnections && this.#idle.length === 0;
  }

  send(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): void {
    const idle = this.#idle.pop();
    if (idle) return this.#dispatch(idle, options, handler);
    if (this.#canOpen()) return this.#dispatch(this.#open(), options, handler);
    this.#waiting.push({ options, handler });
  }

  async destroy(): Promise<void> {
    this.#closed = true;
    this.#waiting.length = 0;
    await Promise.all([...this.#clients].map((client) => client.destroy().catch(() => {})));
  }

  #canOpen(): boolean {
    return this.#clients.size < this.#options.maxConnections && this.#connecting < this.#options.maxConnecting;
  }

  #open(): Client {
    const { timeoutMs } = this.#options;
    const client = new Client(this.#origin, {
      pipelining: 1,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connect: this.#countingConnector(buildConnector({ timeout: timeoutMs })),
    });
    this.#clients.add(client);
    this.mostConnections = Math.max(this.mostConnections, this.#clients.size);
    this.#connecting += 1;
    let opened = false;
    const settled = () => {
      if (opened) return;
      opened = true;
      this.#connecting -= 1;
      // Room to open another: give it to a request that waits.
      while (this.#waitingHead < this.#waiting.length && this.#canOpen() && !this.#closed) this.#next(this.#open());
    };
    client.once('connect', settled);
    client.once('connectionError', settled);
    return client;
  }

  /** undici's own connector, each socket it opens counted (a socket's counters are read as it closes). */
  #countingConnector(connector: buildConnector.connector): buildConnector.connector {
    return (options, callback) =>
      connector(options, (...args) => {
        const [, socket] = args;
        if (socket) {
          this.#sockets.add(socket);
          socket.once('close', () => {
            this.#sockets.delete(socket);
            this.#closedBytes.received += socket.bytesRead;
            this.#closedBytes.sent += socket.bytesWritten;
          });
        }
        callback(...args);
      });
  }

  /** Hands the oldest waiting request to `client`; false when none waits. */
  #next(client: Client): boolean {
    if (this.#waitingHead >= this.#waiting.length) return false;
    const waiting = this.#waiting[this.#waitingHead] as Waiting;
    this.#waitingHead += 1;
    // Compact now and then, so the queue does not keep every request of a long run.
    if (this.#waitingHead > 1024 && this.#waitingHead * 2 > this.#waiting.length) {
      this.#waiting.splice(0, this.#waitingHead);
      this.#waitingHead = 0;
    }
    this.#dispatch(client, waiting.options, waiting.handler);
    return true;
  }

  #dispatch(client: Client, options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): void {
    let carrier = this.#carriers.get(client);
    if (!carrier) {
      carrier = new Carrier(client, () => this.#release(client));
      this.#carriers.set(client, carrier);
    }
    carrier.carry(options, handler);
  }

  #release(client: Client): void {
    if (this.#closed) return;
    if (!this.#next(client)) this.#idle.push(client);
  }
}

/**
 * One connection's handler, made once per connection rather than once per request: the connection carries one
 * request at a time, so the request's own handler is swapped in, and nothing is allocated per request here.
 */
class Carrier implements Dispatcher.DispatchHandler {
  #handler: Dispatcher.DispatchHandler | undefined;

  constructor(
    private readonly client: Client,
    private readonly release: () => void,
  ) {}

  carry(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): void {
    this.#handler = handler;
    this.client.dispatch(options, this);
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.#handler?.onRequestStart?.(controller, context);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
    statusMessage?: string,
  ): void {
    this.#handler?.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#handler?.onResponseData?.(controller, chunk);
  }

  onResponseEnd(
    controller: Dispatcher.DispatchController,
    trailers: Record<string, string | string[] | undefined>,
  ): void {
    this.#done()?.onResponseEnd?.(controller, trailers);
    this.release();
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.#done()?.onResponseError?.(controller, error);
    this.release();
  }

  #done(): Dispatcher.DispatchHandler | undefined {
    const handler = this.#handler;
    this.#handler = undefined;
    return handler;
  }
}

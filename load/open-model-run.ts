import type { Dispatcher } from 'undici';
import { GrowingConnections } from './growing-connections.ts';
import { lowerCased, type EngineOutcome, type LoadBase } from './load-engine.ts';
import { InFlight, type OpenRun } from './open-model-in-flight.ts';
import { requestAt, type RunRecorder } from './run-recorder.ts';
import type { LoadRequest, LoadScenario } from './scenario.ts';

/** The most requests waiting for an answer at once when a scenario names no cap (k6's maxVUs plays this part). */
export const defaultMaxInFlight = 1000;
/** Connections being opened at once, at most (see growing-connections.ts). */
const maxConnecting = 8;
/** How long after its last due time plus the timeout a run is ended whatever is still in flight. */
const overrunGraceMs = 2000;

/**
 * The open model: a scheduler of our own over undici connections. Request i is due at start + i / rate; when it
 * is due it is sent whether or not earlier ones have answered (a connection is opened for it if none is free),
 * so requests in flight grow while the target is slow, up to `maxInFlight` connections each carrying one; a
 * request due while all of them do is not sent and is counted as dropped. Its response time counts from its due time,
 * not from when it left, so a
 * stall of the target (or a pause of this process) counts for every request it delayed, as wrk2 and k6's
 * arrival-rate executors measure; the service time (from the send) is recorded beside it. Never more requests
 * than offered: floor(rate x duration), capped by maxRequests.
 */
export function runOpenModel(
  scenario: LoadScenario,
  base: LoadBase,
  recorder: RunRecorder,
  signal?: AbortSignal,
): Promise<EngineOutcome> {
  return new OpenModelRun(scenario, base, recorder, signal).run();
}

/** One run of the open model: its schedule, its requests in flight, and what it tells the recorder. */
class OpenModelRun implements OpenRun {
  private readonly rate: number;
  private readonly intervalMs: number;
  private readonly total: number;
  private readonly timeoutMs: number;
  private readonly pool: GrowingConnections;
  private readonly paths: string[];
  /**
   * Made once per scenario request, not per request sent (undici reads them, never changes them); a request with
   * fresh headers gets its own per send.
   */
  private readonly fixedOptions: (Dispatcher.DispatchOptions | undefined)[];
  /** Requests in flight once answered, reused by the next sends. */
  private readonly free: InFlight[] = [];
  private readonly start = performance.now();
  /** Index of the next request due. */
  private next = 0;
  private sent = 0;
  private inFlight = 0;
  private lastSentAt = this.start;
  /** Every request due has been sent or dropped. */
  private scheduled = false;
  private ended = false;
  private timer: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private resolve: (outcome: EngineOutcome) => void = () => {};

  constructor(
    private readonly scenario: LoadScenario,
    base: LoadBase,
    private readonly recorder: RunRecorder,
    private readonly signal?: AbortSignal,
  ) {
    this.rate = scenario.rate as number;
    this.intervalMs = 1000 / this.rate;
    this.total = Math.max(0, Math.min(scenario.maxRequests, Math.floor(this.rate * scenario.durationSeconds + 1e-9)));
    this.timeoutMs = (scenario.timeoutSeconds ?? 10) * 1000;
    const maxConnections = scenario.maxInFlight ?? defaultMaxInFlight;
    this.pool = new GrowingConnections(base.origin, { maxConnections, maxConnecting, timeoutMs: this.timeoutMs });
    this.paths = scenario.requests.map((request) => base.path(request.path));
    this.fixedOptions = scenario.requests.map((request, index) =>
      request.freshHeaders ? undefined : dispatchOptions(request, this.paths[index] as string, request.headers),
    );
  }

  run(): Promise<EngineOutcome> {
    return new Promise<EngineOutcome>((resolve) => {
      this.resolve = resolve;
      this.deadline = setTimeout(this.overrun, (this.total / this.rate) * 1000 + this.timeoutMs + overrunGraceMs);
      if (this.signal?.aborted) return this.end();
      this.signal?.addEventListener('abort', this.abort, { once: true });
      this.tick();
    });
  }

  // The achieved rate counts a request as sent when it goes out on its connection, not when it was handed to the
  // pool: a request that waits for a connection to open or free is not sent yet.
  wentOut(at: number): void {
    if (at > this.lastSentAt) this.lastSentAt = at;
  }

  answered(request: InFlight, answeredAt: number): void {
    if (!this.ended) {
      this.recorder.timed(request.status, answeredAt - request.dueAt, answeredAt - request.sentAt);
      if (request.chunks) this.observe(request, request.chunks);
      else this.recorder.labelled(request.request.label, request.status);
    }
    this.settled(request);
  }

  failed(request: InFlight, error: Error & { code?: string }): void {
    if (!this.ended)
      this.recorder.failed(
        error.code === 'UND_ERR_HEADERS_TIMEOUT' ||
          error.code === 'UND_ERR_BODY_TIMEOUT' ||
          error.code === 'UND_ERR_CONNECT_TIMEOUT',
      );
    this.settled(request);
  }

  wantsContent(status: number): boolean {
    return this.recorder.wantsContent(status);
  }

  /** Sends every request whose due time has come (several at once after a pause), then sleeps until the next. */
  private readonly tick = (): void => {
    const now = performance.now();
    while (this.next < this.total && this.dueAt(this.next) <= now) {
      const index = this.next++;
      // Dropped only when every connection allowed carries a request; one that waits for a connection being
      // opened is sent (its wait counts in its response time).
      if (this.pool.full) this.recorder.droppedOne();
      else this.send(index);
    }
    if (this.next < this.total)
      this.timer = setTimeout(this.tick, Math.max(0, this.dueAt(this.next) - performance.now()));
    else {
      this.scheduled = true;
      if (this.inFlight === 0) this.end();
    }
  };

  private dueAt(index: number): number {
    return this.start + index * this.intervalMs;
  }

  private send(index: number): void {
    const at = index % this.scenario.requests.length;
    const request = requestAt(this.scenario.requests, index);
    let options = this.fixedOptions[at];
    let sentHeaders: Record<string, string> | undefined;
    if (!options) {
      const path = this.paths[at] as string;
      sentHeaders = {
        ...request.headers,
        ...request.freshHeaders?.({ method: request.method, path, body: request.body ?? '' }),
      };
      options = dispatchOptions(request, path, sentHeaders);
    }
    this.inFlight += 1;
    this.sent += 1;
    const slot = this.free.pop() ?? new InFlight(this);
    slot.reset(request, this.dueAt(index), sentHeaders);
    this.pool.send(options, slot);
  }

  /** An answer the recorder wants the content of (a response rule, a status's first sample). */
  private observe(request: InFlight, chunks: Buffer[]): void {
    const body = chunks.length === 1 ? (chunks[0] as Buffer).toString() : Buffer.concat(chunks).toString();
    const sentHeaders = request.request.freshHeaders && request.sentHeaders;
    this.recorder.observed({
      label: request.request.label,
      status: request.status,
      headers: lowerCased(request.headers),
      body,
      ...(sentHeaders ? { sentHeaders } : {}),
    });
  }

  private settled(request: InFlight): void {
    this.inFlight -= 1;
    this.free.push(request);
    if (this.scheduled && this.inFlight === 0) this.end();
  }

  /** Past the schedule and the timeout, what is still in flight counts as timed out and the run ends. */
  private readonly overrun = (): void => {
    for (let left = this.inFlight; left > 0; left--) this.recorder.failed(true);
    this.end();
  };

  /** Interrupted: nothing more is sent, what is in flight is left uncounted, and the run ends now. */
  private readonly abort = (): void => this.end();

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    clearTimeout(this.deadline);
    this.signal?.removeEventListener('abort', this.abort);
    // Read before the sockets go: what they carried so far is the run's.
    const bytes = this.pool.bytes;
    void this.pool.destroy();
    // Over the schedule's window (to the last request due, sent or dropped), so drops at the end lower it too.
    const window = Math.max(this.lastSentAt, this.dueAt(this.next - 1)) - this.start + this.intervalMs;
    this.resolve({
      sent: this.sent,
      achievedRate: this.sent === 0 ? 0 : this.sent / (window / 1000),
      connections: this.pool.mostConnections,
      bytes,
    });
  }
}

function dispatchOptions(
  request: LoadRequest,
  path: string,
  headers: Record<string, string> | undefined,
): Dispatcher.DispatchOptions {
  return {
    method: request.method,
    path,
    ...(headers ? { headers } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

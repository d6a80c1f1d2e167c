import type { Dispatcher } from 'undici';
import { GrowingConnections } from './growing-connections.ts';
import { keptBodyBytes, lowerCased, type EngineOutcome, type LoadBase } from './load-engine.ts';
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
  const rate = scenario.rate as number;
  const intervalMs = 1000 / rate;
  const total = Math.max(0, Math.min(scenario.maxRequests, Math.floor(rate * scenario.durationSeconds + 1e-9)));
  const maxInFlight = scenario.maxInFlight ?? defaultMaxInFlight;
  const timeoutMs = (scenario.timeoutSeconds ?? 10) * 1000;
  const pool = new GrowingConnections(base.origin, { maxConnections: maxInFlight, maxConnecting, timeoutMs });
  const paths = scenario.requests.map((request) => base.path(request.path));
  // Made once per scenario request, not per request sent (undici reads them, never changes them); a request
  // with fresh headers gets its own per send.
  const fixedOptions = scenario.requests.map((request, index) =>
    request.freshHeaders ? undefined : dispatchOptions(request, paths[index] as string, request.headers),
  );
  const free: InFlight[] = [];
  const start = performance.now();
  let next = 0;
  let sent = 0;
  let inFlight = 0;
  let lastSentAt = start;
  let scheduled = false;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;

  return new Promise<EngineOutcome>((resolve) => {
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      signal?.removeEventListener('abort', abort);
      // Read before the sockets go: what they carried so far is the run's.
      const bytes = pool.bytes;
      void pool.destroy();
      // Over the schedule's window (to the last request due, sent or dropped), so drops at the end lower it too.
      const window = Math.max(lastSentAt, start + (next - 1) * intervalMs) - start + intervalMs;
      resolve({
        sent,
        achievedRate: sent === 0 ? 0 : sent / (window / 1000),
        connections: pool.mostConnections,
        bytes,
      });
    };
    const settled = (request: InFlight) => {
      inFlight -= 1;
      free.push(request);
      if (scheduled && inFlight === 0) end();
    };
    const run: OpenRun = {
      // The achieved rate counts a request as sent when it goes out on its connection, not when it was handed to
      // the pool: a request that waits for a connection to open or free is not sent yet.
      wentOut(at) {
        if (at > lastSentAt) lastSentAt = at;
      },
      answered(request, answeredAt) {
        if (!ended) {
          recorder.timed(request.status, answeredAt - request.dueAt, answeredAt - request.sentAt);
          if (request.chunks) {
            const body =
              request.chunks.length === 1
                ? (request.chunks[0] as Buffer).toString()
                : Buffer.concat(request.chunks).toString();
            const sentHeaders = request.request.freshHeaders && request.sentHeaders;
            recorder.observed({
              label: request.request.label,
              status: request.status,
              headers: lowerCased(request.headers),
              body,
              ...(sentHeaders ? { sentHeaders } : {}),
            });
          } else recorder.labelled(request.request.label, request.status);
        }
        settled(request);
      },
      failed(request, error) {
        if (!ended)
          recorder.failed(
            error.code === 'UND_ERR_HEADERS_TIMEOUT' ||
              error.code === 'UND_ERR_BODY_TIMEOUT' ||
              error.code === 'UND_ERR_CONNECT_TIMEOUT',
          );
        settled(request);
      },
      wantsContent: (status) => recorder.wantsContent(status),
    };
    const send = (index: number, dueAt: number) => {
      const at = index % scenario.requests.length;
      const request = requestAt(scenario.requests, index);
      let options = fixedOptions[at];
      let sentHeaders: Record<string, string> | undefined;
      if (!options) {
        const path = paths[at] as string;
        sentHeaders = {
          ...request.headers,
          ...request.freshHeaders?.({ method: request.method, path, body: request.body ?? '' }),
        };
        options = dispatchOptions(request, path, sentHeaders);
      }
      inFlight += 1;
      sent += 1;
      const slot = free.pop() ?? new InFlight(run);
      slot.reset(request, dueAt, sentHeaders);
      pool.send(options, slot);
    };
    // Sends every request whose due time has come (several at once after a pause), then sleeps until the next.
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * intervalMs <= now) {
        const index = next++;
        // Dropped only when every connection allowed carries a request; one that waits for a connection being
        // opened is sent (its wait counts in its response time).
        if (pool.full) recorder.droppedOne();
        else send(index, start + index * intervalMs);
      }
      if (next < total) timer = setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
      else {
        scheduled = true;
        if (inFlight === 0) end();
      }
    };
    // Past the schedule and the timeout, what is still in flight counts as timed out and the run ends.
    const deadline = setTimeout(
      () => {
        for (let left = inFlight; left > 0; left--) recorder.failed(true);
        end();
      },
      (total / rate) * 1000 + timeoutMs + overrunGraceMs,
    );
    // Interrupted: nothing more is sent, what is in flight is left uncounted, and the run ends now.
    const abort = () => end();
    if (signal?.aborted) return end();
    signal?.addEventListener('abort', abort, { once: true });
    tick();
  });
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

/** What a request in flight reports to its run. */
interface OpenRun {
  wentOut(at: number): void;
  answered(request: InFlight, answeredAt: number): void;
  failed(request: InFlight, error: Error & { code?: string }): void;
  wantsContent(status: number): boolean;
}

/**
 * A request in flight and its own dispatcher handler (undici's handler API: no promise or stream per request).
 * Reused once answered, so a run allocates as many as it has requests in flight at most, not one per request;
 * headers and body are kept only when the recorder needs them (a response rule, a status's first sample).
 */
class InFlight implements Dispatcher.DispatchHandler {
  request!: LoadRequest;
  dueAt = 0;
  sentAt = 0;
  status = 0;
  headers: Record<string, string | string[] | undefined> = {};
  chunks: Buffer[] | undefined;
  /** Bytes of the body kept so far: at most keptBodyBytes. */
  keptBytes = 0;
  sentHeaders: Record<string, string> | undefined;

  constructor(private readonly run: OpenRun) {}

  reset(request: LoadRequest, dueAt: number, sentHeaders: Record<string, string> | undefined): void {
    this.request = request;
    this.dueAt = dueAt;
    this.sentAt = dueAt;
    this.status = 0;
    this.chunks = undefined;
    this.keptBytes = 0;
    this.sentHeaders = sentHeaders;
  }

  // Service time counts from when the request goes out on its connection (it may wait for one to free).
  onRequestStart(): void {
    this.sentAt = performance.now();
    this.run.wentOut(this.sentAt);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.status = statusCode;
    if (this.run.wantsContent(statusCode)) {
      this.headers = headers;
      this.chunks = [];
    }
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.chunks) return;
    const room = keptBodyBytes - this.keptBytes;
    if (room <= 0) return;
    const kept = chunk.length > room ? Buffer.from(chunk.subarray(0, room)) : chunk;
    this.chunks.push(kept);
    this.keptBytes += kept.length;
  }

  onResponseEnd(): void {
    this.run.answered(this, performance.now());
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error & { code?: string }): void {
    this.run.failed(this, error);
  }
}

import { HarnessError } from '../core/harness-error.ts';
import type { Client, Instance, Options } from 'autocannon';
import { type DataBytes, keptBodyBytes, lowerCased, type EngineOutcome, type LoadBase } from './load-engine.ts';
import type { RunRecorder } from './run-recorder.ts';
import type { LoadRequest, LoadScenario } from './scenario.ts';

/** How long after its planned end a run is stopped whatever autocannon does. */
const overrunGraceMs = 2000;

/**
 * The closed model through autocannon's programmatic API: bursts (`overallRate`, each connection sending its
 * share) and as-fast-as-possible runs. A connection waits for its answer before it sends again, so response
 * time and service time are the same figure here. Bounded by autocannon's duration and request count and by a
 * deadline of ours beyond them.
 */
export async function runAutocannon(
  scenario: LoadScenario,
  base: LoadBase,
  recorder: RunRecorder,
  signal?: AbortSignal,
): Promise<EngineOutcome> {
  const connections = Math.max(
    1,
    Math.min(scenario.connections, scenario.maxRequests, scenario.rate ?? Number.POSITIVE_INFINITY),
  );
  const startedAt = performance.now();
  const bytes: DataBytes = { received: 0, sent: 0 };
  let finished: (error: Error | null) => void = () => {};
  const done = new Promise<Error | null>((resolve) => (finished = resolve));
  // Loaded when a closed-model run starts: the CLI (and the reference's container image, which leaves
  // autocannon out) imports every family's load part, and most commands never run one.
  const { default: autocannon } = await import('autocannon');
  const instance = autocannon(autocannonOptions(scenario, base, recorder, connections, bytes), (error) =>
    finished(error),
  );
  const stop = () => instance.stop();
  countAnswers(instance, scenario.maxRequests, recorder, bytes, stop);
  const failure = await endOf(done, scenario, stop, signal);
  if (failure)
    throw new HarnessError(
      'RUN_FAILED',
      `The load generator could not run scenario ${scenario.name}: ${failure.message}`,
    );
  // autocannon's tracker does not tell each request sent: those answered or failed are the ones that count.
  const sent = Object.values(recorder.statuses).reduce((sum, count) => sum + count, 0) + recorder.errors;
  return {
    sent,
    achievedRate: sent / Math.max(0.001, (performance.now() - startedAt) / 1000),
    connections,
    bytes,
  };
}

/** The scenario as autocannon's options: its bounds, its requests, each answer observed by the recorder. */
function autocannonOptions(
  scenario: LoadScenario,
  base: LoadBase,
  recorder: RunRecorder,
  connections: number,
  bytes: DataBytes,
): Options {
  const observe =
    (request: LoadRequest) =>
    (status: number, body: string, context: SentContext | undefined, rawHeaders: Record<string, string | string[]>) =>
      recorder.observed({
        label: request.label,
        status,
        headers: lowerCased(rawHeaders),
        body,
        ...(context?.sentHeaders ? { sentHeaders: context.sentHeaders } : {}),
      });
  return {
    url: base.origin,
    connections,
    duration: scenario.durationSeconds,
    maxOverallRequests: scenario.maxRequests,
    ...(scenario.rate ? { overallRate: Math.max(1, Math.round(scenario.rate)) } : {}),
    timeout: scenario.timeoutSeconds ?? 10,
    // A short sample interval is what lets a run end close to its duration instead of up to a second later.
    sampleInt: 100,
    skipAggregateResult: true,
    setupClient: (client) => {
      keepBodiesUpToCap(client);
      countSentBytes(client, bytes);
    },
    requests: scenario.requests.map((request) => ({
      method: request.method,
      path: base.path(request.path),
      headers: { ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.freshHeaders ? { setupRequest: withFreshHeaders(request, base.path(request.path)) } : {}),
      onResponse: observe(request),
    })),
  };
}

/** Tells the recorder each answer and failure, and stops the run once every request allowed has settled. */
function countAnswers(
  instance: Instance,
  maxRequests: number,
  recorder: RunRecorder,
  bytes: DataBytes,
  stop: () => void,
): void {
  // With a rate, a connection that has sent its last request only notices at its next second's tick: a burst whose
  // every request was answered (or failed) ends now, not up to its whole duration later (a probe's step of one burst).
  let settled = 0;
  const settle = () => {
    if (++settled >= maxRequests) stop();
  };
  // autocannon counts each answer's bytes as read off the socket (status line, headers, body).
  instance.on('response', (_client: unknown, status: number, responseBytes: number, responseTimeMs: number) => {
    bytes.received += responseBytes;
    recorder.timed(status, responseTimeMs, responseTimeMs);
    settle();
  });
  instance.on('reqError', (error: Error) => {
    recorder.failed(/timed out/.test(error.message));
    settle();
  });
}

/** Waits for the run's end, stopping it when the signal aborts or past its deadline; autocannon's error, if any. */
async function endOf(
  done: Promise<Error | null>,
  scenario: LoadScenario,
  stop: () => void,
  signal: AbortSignal | undefined,
): Promise<Error | null> {
  signal?.addEventListener('abort', stop, { once: true });
  const deadline = setTimeout(
    stop,
    scenario.durationSeconds * 1000 + (scenario.timeoutSeconds ?? 10) * 1000 + overrunGraceMs,
  );
  try {
    return await done;
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * autocannon counts no bytes sent: each request a connection writes is the buffer its `getRequestBuffer` returns
 * (lib/httpClient.js `_doRequest`), so that is where they are counted.
 */
function countSentBytes(client: Client, bytes: DataBytes): void {
  const requestBuffer = client.getRequestBuffer.bind(client);
  client.getRequestBuffer = () => {
    const buffer = requestBuffer();
    bytes.sent += buffer.length;
    return buffer;
  };
}

/**
 * autocannon (8.0.0, pinned) adds every piece of an answer's body to one string, which onResponse then gets,
 * with no cap: a target answering 200 MiB bodies to a burst on 16 connections held gigabytes. Each
 * connection's client keeps at most keptBodyBytes of the body it awaits; the rest is read and dropped.
 */
export function keepBodiesUpToCap(client: Client): void {
  const queue = client.pipelinedRequests;
  const addBody = queue.addBody.bind(queue);
  queue.addBody = (data) => {
    const room = keptBodyBytes - (queue.peek()?.body.length ?? 0);
    if (room > 0) addBody(data.length > room ? data.subarray(0, room) : data);
  };
}

/** autocannon's per-connection context, where the headers of the request in flight are kept for its answer. */
interface SentContext {
  sentHeaders?: Record<string, string>;
}

function withFreshHeaders(request: LoadRequest, path: string) {
  return (data: { headers?: Record<string, string> } & Record<string, unknown>, context?: SentContext) => {
    const headers = {
      ...data.headers,
      ...request.freshHeaders?.({ method: request.method, path, body: request.body ?? '' }),
    };
    // A connection sends one request at a time: its answer's evidence shows the headers really sent (the signature).
    if (context) context.sentHeaders = headers;
    return { ...data, headers };
  };
}

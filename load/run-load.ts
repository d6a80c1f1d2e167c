import autocannon from 'autocannon';
import { defaultRedactor, type Redactor } from '../client/redaction.ts';
import { HarnessError } from '../targets/harness-error.ts';
import { LatencyHistogram } from './latency-histogram.ts';
import { judged, latencySummary, loadResultFormat, type LoadResult, type ResponseViolation, type SecondCounts } from './load-result.ts';
import type { LoadRequest, LoadScenario, ObservedResponse } from './scenario.ts';

/** Told once a second while a run goes on (the progress line). */
export interface LoadProgress {
  scenario: string;
  elapsedSeconds: number;
  /** Responses in the last second. */
  currentRate: number;
  ok: number;
  limited: number;
  other: number;
  errors: number;
}

export interface LoadRunOptions {
  /** Named in the result. */
  target?: string;
  onProgress?: (progress: LoadProgress) => void;
  /** Stops the run early (a probe that has seen enough, Ctrl-C); the result covers what was sent. */
  signal?: AbortSignal;
  /** Redacts the samples kept in the result. Default: the process's redactor (which knows the run's secrets). */
  redactor?: Redactor;
  /** Thresholds as written, judged on the result. Default: the scenario's. */
  thresholdTexts?: readonly string[];
}

/** Evidence kept of a response: enough to read, never a whole large body. */
const sampleBodyChars = 2000;
/** How long after its planned end a run is stopped whatever autocannon does. */
const overrunGraceMs = 2000;

/**
 * Runs a scenario with autocannon's programmatic API and returns a plain result. The run is bounded by
 * duration and request count (autocannon's own bounds) and by a deadline of ours beyond them; every request
 * goes to the scenario's base URL. Nothing is printed here.
 */
export async function runLoad(scenario: LoadScenario, options: LoadRunOptions = {}): Promise<LoadResult> {
  const redactor = options.redactor ?? defaultRedactor;
  const base = baseOf(scenario.baseUrl);
  const connections = Math.max(1, Math.min(scenario.connections, scenario.maxRequests, scenario.rate ?? Number.POSITIVE_INFINITY));
  const histogram = new LatencyHistogram();
  const statuses: Record<string, number> = {};
  const byLabel: Record<string, Record<string, number>> = {};
  const seconds = new Map<number, SecondCounts>();
  const samples: Record<string, ObservedResponse> = {};
  const violations = new Map<string, ResponseViolation>();
  let errors = 0;
  let timeouts = 0;
  const startedAt = Date.now();
  // The hot path runs per response: counts are bumped in place and the current second's bucket is kept at hand.
  let current: SecondCounts = { at: -1, statuses: {}, errors: 0 };
  const secondOf = (now: number) => {
    const at = Math.floor(now / 1000);
    if (current.at === at) return current;
    current = seconds.get(at) ?? { at, statuses: {}, errors: 0 };
    seconds.set(at, current);
    return current;
  };
  const keep = (response: ObservedResponse): ObservedResponse => ({
    ...response,
    headers: redactor.redactHeaders(response.headers) as Record<string, string>,
    body: redactor.redactText(response.body.slice(0, sampleBodyChars)),
    ...(response.sentHeaders ? { sentHeaders: redactor.redactHeaders(response.sentHeaders) as Record<string, string> } : {}),
  });
  const observe = (request: LoadRequest) => (status: number, body: string, context: { sentHeaders?: Record<string, string> } | undefined, rawHeaders: Record<string, string | string[]>) => {
    const sent = context?.sentHeaders;
    const response: ObservedResponse = { label: request.label, status, headers: lowerCased(rawHeaders), body, ...(sent ? { sentHeaders: sent } : {}) };
    bump((byLabel[request.label] ??= {}), status);
    samples[status] ??= keep(response);
    const broken = scenario.checkResponse?.(response);
    if (broken) {
      const key = `${broken.ruleId}\n${broken.message}`;
      const seen = violations.get(key);
      if (seen) seen.count += 1;
      else violations.set(key, { ...broken, count: 1, sample: keep(response) });
    }
  };

  let finished: (error: Error | null) => void = () => {};
  const done = new Promise<Error | null>((resolve) => (finished = resolve));
  const instance = autocannon(
    {
      url: base.origin,
      connections,
      duration: scenario.durationSeconds,
      maxOverallRequests: scenario.maxRequests,
      ...(scenario.rate ? { overallRate: Math.max(1, Math.round(scenario.rate)) } : {}),
      timeout: scenario.timeoutSeconds ?? 10,
      // A short sample interval is what lets a run end close to its duration instead of up to a second later.
      sampleInt: 100,
      skipAggregateResult: true,
      requests: scenario.requests.map((request) => ({
        method: request.method,
        path: base.path(request.path),
        headers: { ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
        ...(request.freshHeaders ? { setupRequest: withFreshHeaders(request, base.path(request.path)) } : {}),
        onResponse: observe(request),
      })),
    },
    (error) => finished(error),
  );
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTimeMs: number) => {
    histogram.record(responseTimeMs);
    bump(statuses, status);
    bump(secondOf(Date.now()).statuses, status);
  });
  instance.on('reqError', (error: Error) => {
    errors += 1;
    if (/timed out/.test(error.message)) timeouts += 1;
    secondOf(Date.now()).errors += 1;
  });

  const stop = () => instance.stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  const deadline = setTimeout(stop, scenario.durationSeconds * 1000 + (scenario.timeoutSeconds ?? 10) * 1000 + overrunGraceMs);
  const progress = options.onProgress && setInterval(() => options.onProgress?.(progressOf(scenario.name, startedAt, seconds, statuses, errors)), 1000);
  let failure: Error | null;
  try {
    failure = await done;
  } finally {
    clearTimeout(deadline);
    if (progress) clearInterval(progress);
    options.signal?.removeEventListener('abort', stop);
  }
  if (failure) throw new HarnessError('RUN_FAILED', `The load generator could not run scenario ${scenario.name}: ${failure.message}`);
  const durationSeconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
  return judged(
    {
      format: loadResultFormat,
      scenario: scenario.name,
      family: scenario.family,
      ...(options.target ? { target: options.target } : {}),
      startedAt: new Date(startedAt).toISOString(),
      durationSeconds,
      offered: { rate: scenario.rate ?? null, connections, durationSeconds: scenario.durationSeconds, maxRequests: scenario.maxRequests },
      runs: 1,
      statuses,
      errors,
      timeouts,
      byLabel,
      latencyMs: latencySummary(histogram),
      latencyHistogram: histogram.encode(),
      perSecond: [...seconds.values()].sort((a, b) => a.at - b.at),
      samples,
      violations: [...violations.values()],
    },
    options.thresholdTexts ?? scenario.thresholds.map((threshold) => threshold.text),
    histogram,
  );
}

/** The origin requests go to and the base path every scenario path is put under; paths cannot leave it. */
function baseOf(baseUrl: string) {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new HarnessError('CONFIG_INVALID', `The base URL ${JSON.stringify(baseUrl)} of a load scenario is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HarnessError('CONFIG_INVALID', `A load scenario needs an http(s) base URL, got ${url.protocol}`);
  const prefix = url.pathname.replace(/\/+$/, '');
  return {
    origin: url.origin,
    path(path: string): string {
      if (!path.startsWith('/') || path.startsWith('//') || /[\s#]/.test(path)) {
        throw new HarnessError('CONFIG_INVALID', `A load scenario's path must be relative to the base URL (start with one "/"), got ${JSON.stringify(path)}`);
      }
      return `${prefix}${path}`;
    },
  };
}

function withFreshHeaders(request: LoadRequest, path: string) {
  return (data: { headers?: Record<string, string> } & Record<string, unknown>, context?: { sentHeaders?: Record<string, string> }) => {
    const headers = { ...data.headers, ...request.freshHeaders?.({ method: request.method, path, body: request.body ?? '' }) };
    // A connection sends one request at a time: its answer's evidence shows the headers really sent (the signature).
    if (context) context.sentHeaders = headers;
    return { ...data, headers };
  };
}

function lowerCased(headers: Record<string, string | string[]>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name] as string | string[];
    lower[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return lower;
}

function bump(counts: Record<string, number>, status: number): void {
  counts[status] = (counts[status] ?? 0) + 1;
}

function progressOf(scenario: string, startedAt: number, seconds: ReadonlyMap<number, SecondCounts>, statuses: Record<string, number>, errors: number): LoadProgress {
  const last = seconds.get(Math.floor(Date.now() / 1000) - 1);
  const sum = (match: (status: string) => boolean) => Object.entries(statuses).filter(([status]) => match(status)).reduce((total, [, count]) => total + count, 0);
  return {
    scenario,
    elapsedSeconds: (Date.now() - startedAt) / 1000,
    currentRate: last ? Object.values(last.statuses).reduce((total, count) => total + count, 0) : 0,
    ok: sum((status) => status.startsWith('2')),
    limited: sum((status) => status === '429'),
    other: sum((status) => !status.startsWith('2') && status !== '429'),
    errors,
  };
}

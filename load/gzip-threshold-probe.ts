import type { GzipThresholdFinding, SizeReading, ThresholdSide } from '../checks/gzip-threshold-finding.ts';
import type { Exchange } from '../client/http-exchange.ts';
import type { LoadResult } from './load-result.ts';
import { observedExchange } from './observed-exchange.ts';
import { runLoad, type LoadRunOptions } from './run-load.ts';
import type { LoadRequest, ObservedResponse } from './scenario.ts';

/**
 * An operation whose response size the harness controls, as data: one request through the harness's client
 * for a decoded body of a given size (gzip accepted), and the same request for the load generator.
 */
export interface SizedResponses {
  name: string;
  family: string;
  baseUrl: string;
  /** A response of (about) `size` decoded bytes with gzip accepted; the exchange shows the size it got. */
  send(size: number): Promise<Exchange>;
  /**
   * Prepares requests for the load generator whose responses are of the given sizes (a side-effect-free
   * operation, since a sustained run sends thousands), and returns how to make one; `acceptGzip` adds
   * Accept-Encoding: gzip.
   */
  prepareLoad(sizes: readonly number[]): Promise<(size: number, acceptGzip: boolean) => Omit<LoadRequest, 'label'>>;
  /** Smallest and largest sizes the operation can be steered to. */
  sizes: { min: number; max: number };
  /** Requests made to measure how to steer sizes (counted in the search's requests). */
  calibrationRequests: number;
}

export interface GzipThresholdSettings {
  /** Where the search starts: the documented threshold. */
  expectedBytes: number;
  /** Seconds of the sustained run with gzip accepted (and of the plain one it is compared with); 0 skips it. */
  underLoadSeconds: number;
  /**
   * Requests per second of the hold under load: a constant-rate run (open model), so a target that stalls
   * while compressing shows in its response time. Default 100.
   */
  underLoadRate?: number;
  /** Connections of the throughput comparison (compressed against plain, as fast as possible). */
  connections: number;
  /** Most requests of each sustained run. */
  maxRequests: number;
}

/** What the probe found (judged by checks/gzip-threshold-probed.ts), with the sustained runs' whole load results. */
export interface GzipThresholdProbeResult extends GzipThresholdFinding {
  underLoad?: LoadResult;
  compressedUnderLoad?: LoadResult;
  plainUnderLoad?: LoadResult;
}

const isGzip = (exchange: Exchange) => /\bgzip\b/i.test(String(exchange.response?.headers['content-encoding'] ?? ''));

/**
 * Finds the exact response size at which a target starts compressing: sizes around the expected threshold
 * first (N plain and N+1 compressed settle it in two requests), else a bracket found by halving or
 * doubling, then bisection to the byte. Then holds the rule under load: a sustained run with gzip accepted
 * whose every response is judged (the largest plain size must stay plain and exact, one byte more and a large
 * body must be gzip), and the same large request without gzip for comparison.
 */
export async function probeGzipThreshold(
  operation: SizedResponses,
  settings: GzipThresholdSettings,
  options: Pick<LoadRunOptions, 'onProgress' | 'signal' | 'redactor' | 'target'> = {},
): Promise<GzipThresholdProbeResult> {
  const readings: SizeReading[] = [];
  let requests = operation.calibrationRequests;
  const read = async (asked: number): Promise<SizeReading> => {
    const exchange = await operation.send(asked);
    requests += 1;
    const reading = { asked, size: exchange.response?.body.length ?? -1, compressed: isGzip(exchange), exchange };
    readings.push(reading);
    return reading;
  };
  const { min, max } = operation.sizes;
  let plain = await read(settings.expectedBytes);
  let gzip = await read(settings.expectedBytes + 1);
  if (plain.compressed) {
    // Compressed already at the expected size: halve down to a plain one.
    gzip = plain;
    for (let size = Math.floor(settings.expectedBytes / 2); ; size = Math.max(min, Math.floor(size / 2))) {
      const reading = await read(size);
      if (!reading.compressed) {
        plain = reading;
        break;
      }
      gzip = reading;
      if (size <= min)
        return { neverCompressed: false, alwaysCompressed: true, readings, requests, violationExchanges: [] };
    }
  } else if (!gzip.compressed) {
    plain = gzip;
    for (let size = (settings.expectedBytes + 1) * 2; ; size = Math.min(max, size * 2)) {
      const reading = await read(size);
      if (reading.compressed) {
        gzip = reading;
        break;
      }
      plain = reading;
      if (size >= max)
        return { neverCompressed: true, alwaysCompressed: false, readings, requests, violationExchanges: [] };
    }
  }
  // Bisection on the sizes received (a target's size may differ by a byte or two from the one asked for).
  while (gzip.size - plain.size > 1 && requests < 40) {
    const reading = await read(Math.floor((plain.size + gzip.size) / 2));
    if (reading.size <= plain.size || reading.size >= gzip.size) break;
    if (reading.compressed) gzip = reading;
    else plain = reading;
  }
  const thresholdBytes = plain.size;
  const finding: GzipThresholdProbeResult = {
    thresholdBytes,
    neverCompressed: false,
    alwaysCompressed: false,
    readings,
    requests,
    violationExchanges: [],
  };
  if (settings.underLoadSeconds <= 0) return finding;

  const large = Math.min(max, Math.max(4 * thresholdBytes, thresholdBytes + 1000));
  const sized = [thresholdBytes, thresholdBytes + 1, large];
  const loadRequest = await operation.prepareLoad(sized);
  const requestFor = (size: number, acceptGzip: boolean): LoadRequest => ({
    ...loadRequest(size, acceptGzip),
    label: sizeLabel(size, acceptGzip),
  });
  const run = (acceptGzip: boolean, sizes: number[], rate?: number) =>
    runLoad(
      {
        name: operation.name,
        family: operation.family,
        baseUrl: operation.baseUrl,
        requests: sizes.map((size) => requestFor(size, acceptGzip)),
        ...(rate ? { rate } : {}),
        connections: settings.connections,
        durationSeconds: settings.underLoadSeconds,
        maxRequests: settings.maxRequests,
        thresholds: [],
        checkResponse: (response) => sizeRuleBroken(response, acceptGzip, thresholdBytes),
      },
      options,
    );
  // The hold: a constant rate, every response judged. The comparison after it: as fast as the connections go.
  finding.underLoad = await run(true, sized, settings.underLoadRate ?? defaultUnderLoadRate);
  finding.compressedUnderLoad = await run(true, [large]);
  finding.plainUnderLoad = await run(false, [large]);
  finding.violationExchanges = [finding.underLoad, finding.compressedUnderLoad, finding.plainUnderLoad].flatMap(
    (result) =>
      result.violations.map((violation) =>
        observedExchange(
          operation.baseUrl,
          requestFor(Number.parseInt(violation.sample.label, 10), violation.sample.label.includes('gzip')),
          violation.sample,
        ),
      ),
  );
  return finding;
}

const defaultUnderLoadRate = 100;

/** Labels of load requests carry the size they were steered to: `N bytes`. */
export const sizeLabel = (size: number, acceptGzip: boolean) => `${size} bytes${acceptGzip ? ', gzip accepted' : ''}`;

/**
 * One response under load against the threshold found: a plain body over it breaks the over side (its
 * length is measured); a gzip body of a request steered to at most the threshold, or sent although gzip was
 * not accepted, breaks the under side. (The load generator keeps bodies as text, so a gzip body's decoded
 * size is the one its request was steered to before the run.)
 */
function sizeRuleBroken(
  response: ObservedResponse,
  acceptGzip: boolean,
  thresholdBytes: number,
): { ruleId: ThresholdSide; message: string } | undefined {
  if (response.status < 200 || response.status > 299) return undefined;
  const steered = Number.parseInt(response.label, 10);
  const gzip = /\bgzip\b/i.test(response.headers['content-encoding'] ?? '');
  const length = Buffer.byteLength(response.body);
  if (!gzip && acceptGzip && length > thresholdBytes)
    return { ruleId: 'over', message: `a ${length}-byte response arrived uncompressed under load` };
  if (gzip && !acceptGzip)
    return { ruleId: 'under', message: `a response arrived gzip-compressed under load although gzip was not accepted` };
  if (gzip && steered <= thresholdBytes)
    return { ruleId: 'under', message: `a ${steered}-byte response arrived gzip-compressed under load` };
  return undefined;
}

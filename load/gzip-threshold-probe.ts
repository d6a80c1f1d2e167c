import { compressionBreach } from '../checks/gzip-threshold.ts';
import type { GzipThresholdFinding, SizeReading } from '../checks/gzip-threshold-finding.ts';
import type { GzipThresholdExpectation } from '../checks/gzip-threshold.ts';
import type { RuleId } from '../rules/rule-id.ts';
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
  /** The rules of the two sides, which a response under load that breaks the threshold is recorded against. */
  rules: Pick<GzipThresholdExpectation, 'over' | 'under'>;
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

/** How the sustained runs report and stop. */
type SustainedRunOptions = Pick<LoadRunOptions, 'onProgress' | 'signal' | 'redactor' | 'target'>;

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
  options: SustainedRunOptions = {},
): Promise<GzipThresholdProbeResult> {
  const search = new SizeSearch(operation);
  const bracket = await bracketOf(search, settings.expectedBytes, operation.sizes);
  if ('everySize' in bracket) return search.ended(bracket.everySize);
  const thresholdBytes = await bisected(search, bracket);
  const finding: GzipThresholdProbeResult = {
    thresholdBytes,
    neverCompressed: false,
    alwaysCompressed: false,
    readings: search.readings,
    requests: search.requests,
    violationExchanges: [],
  };
  if (settings.underLoadSeconds <= 0) return finding;
  return { ...finding, ...(await heldUnderLoad(operation, settings, options, thresholdBytes)) };
}

/** The search's readings, one a request, and the requests it cost (the operation's calibration included). */
class SizeSearch {
  readonly readings: SizeReading[] = [];
  requests: number;

  constructor(private readonly operation: SizedResponses) {
    this.requests = operation.calibrationRequests;
  }

  async read(asked: number): Promise<SizeReading> {
    const exchange = await this.operation.send(asked);
    this.requests += 1;
    const reading = { asked, size: exchange.response?.body.length ?? -1, compressed: isGzip(exchange), exchange };
    this.readings.push(reading);
    return reading;
  }

  /** What the search found of a target that compresses at every size it can be steered to, or at none. */
  ended(everySize: EverySize): GzipThresholdProbeResult {
    return {
      neverCompressed: everySize === 'neverCompressed',
      alwaysCompressed: everySize === 'alwaysCompressed',
      readings: this.readings,
      requests: this.requests,
      violationExchanges: [],
    };
  }
}

type EverySize = 'neverCompressed' | 'alwaysCompressed';

/** A plain reading and a compressed one on either side of the threshold, or what the target does at every size. */
type Bracket = { plain: SizeReading; gzip: SizeReading } | { everySize: EverySize };

async function bracketOf(
  search: SizeSearch,
  expected: number,
  { min, max }: SizedResponses['sizes'],
): Promise<Bracket> {
  const plain = await search.read(expected);
  const gzip = await search.read(expected + 1);
  if (plain.compressed) return halvedToPlain(search, plain, Math.floor(expected / 2), min);
  if (!gzip.compressed) return doubledToCompressed(search, gzip, (expected + 1) * 2, max);
  return { plain, gzip };
}

/** Compressed already at the expected size: halves down to a plain one. */
async function halvedToPlain(search: SizeSearch, compressed: SizeReading, from: number, min: number): Promise<Bracket> {
  let gzip = compressed;
  for (let size = from; ; size = Math.max(min, Math.floor(size / 2))) {
    const reading = await search.read(size);
    if (!reading.compressed) return { plain: reading, gzip };
    gzip = reading;
    if (size <= min) return { everySize: 'alwaysCompressed' };
  }
}

/** Plain still one byte over the expected size: doubles up to a compressed one. */
async function doubledToCompressed(
  search: SizeSearch,
  uncompressed: SizeReading,
  from: number,
  max: number,
): Promise<Bracket> {
  let plain = uncompressed;
  for (let size = from; ; size = Math.min(max, size * 2)) {
    const reading = await search.read(size);
    if (reading.compressed) return { plain, gzip: reading };
    plain = reading;
    if (size >= max) return { everySize: 'neverCompressed' };
  }
}

/**
 * Bisection on the sizes received (a target's size may differ by a byte or two from the one asked for): the largest
 * plain size.
 */
async function bisected(search: SizeSearch, bracket: { plain: SizeReading; gzip: SizeReading }): Promise<number> {
  let { plain, gzip } = bracket;
  while (gzip.size - plain.size > 1 && search.requests < 40) {
    const reading = await search.read(Math.floor((plain.size + gzip.size) / 2));
    if (reading.size <= plain.size || reading.size >= gzip.size) break;
    if (reading.compressed) gzip = reading;
    else plain = reading;
  }
  return plain.size;
}

/**
 * The hold: a constant rate with gzip accepted at the threshold, one byte over and a large size, every response
 * judged. The comparison after it: the large size as fast as the connections go, with gzip accepted and without.
 */
async function heldUnderLoad(
  operation: SizedResponses,
  settings: GzipThresholdSettings,
  options: SustainedRunOptions,
  thresholdBytes: number,
): Promise<
  Pick<GzipThresholdProbeResult, 'underLoad' | 'compressedUnderLoad' | 'plainUnderLoad' | 'violationExchanges'>
> {
  const large = Math.min(operation.sizes.max, Math.max(4 * thresholdBytes, thresholdBytes + 1000));
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
        checkResponse: (response) => sizeRuleBroken(response, { acceptGzip, thresholdBytes, rules: settings.rules }),
      },
      options,
    );
  const underLoad = await run(true, sized, settings.underLoadRate ?? defaultUnderLoadRate);
  const compressedUnderLoad = await run(true, [large]);
  const plainUnderLoad = await run(false, [large]);
  const violationExchanges = [underLoad, compressedUnderLoad, plainUnderLoad].flatMap((result) =>
    result.violations.map((violation) =>
      observedExchange(
        operation.baseUrl,
        requestFor(Number.parseInt(violation.sample.label, 10), violation.sample.label.includes('gzip')),
        violation.sample,
      ),
    ),
  );
  return { underLoad, compressedUnderLoad, plainUnderLoad, violationExchanges };
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
  {
    acceptGzip,
    thresholdBytes,
    rules,
  }: { acceptGzip: boolean; thresholdBytes: number; rules: GzipThresholdSettings['rules'] },
): { ruleId: RuleId; message: string } | undefined {
  if (response.status < 200 || response.status > 299) return undefined;
  const gzip = /\bgzip\b/i.test(response.headers['content-encoding'] ?? '');
  // A gzip body's decoded size is the one its request was steered to; a plain one's is its length.
  const size = gzip ? Number.parseInt(response.label, 10) : Buffer.byteLength(response.body);
  const breach = compressionBreach({ size, gzip, acceptGzip, thresholdBytes });
  return breach && { ruleId: rules[breach.side], message: `${breach.message}, under load` };
}

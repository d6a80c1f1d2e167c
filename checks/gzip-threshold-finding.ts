import type { Exchange } from '../client/http-exchange.ts';
import type { LoadRunFigures } from './load-run-figures.ts';

/** One size asked for, and what came back. */
export interface SizeReading {
  asked: number;
  /** Decoded body size received. */
  size: number;
  compressed: boolean;
  exchange: Exchange;
}

/**
 * What the gzip-threshold probe found, as its check judges it (the probe in load/ keeps whole load results
 * in the runs). Defined here, with its judge, so that checks never import the load stage.
 */
export interface GzipThresholdFinding {
  /** The largest size sent uncompressed below the smallest compressed one; undefined when no boundary was found. */
  thresholdBytes?: number;
  /** No response was compressed, up to the largest size. */
  neverCompressed: boolean;
  /** Every response was compressed, down to the smallest size. */
  alwaysCompressed: boolean;
  readings: SizeReading[];
  /** Requests the search took (sizes steered included). */
  requests: number;
  /**
   * The sustained run with gzip accepted: every response judged against the threshold found above; breaches name the rule
   * of the side they broke.
   */
  underLoad?: LoadRunFigures;
  /** A large body alone, gzip accepted, and the same without Accept-Encoding: throughput and latency compared. */
  compressedUnderLoad?: LoadRunFigures;
  plainUnderLoad?: LoadRunFigures;
  /** The first response of each breach under load, as an exchange, for evidence. */
  violationExchanges: Exchange[];
}

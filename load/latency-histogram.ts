import * as hdr from 'hdr-histogram-js';

/**
 * Latencies of a load run in an HDR histogram (microseconds, 3 significant digits): percentiles without
 * keeping every sample, and a compact encoding that runs made on several machines can be merged from.
 * The pure JavaScript implementation: no WebAssembly memory to free, and encodings are portable.
 */

const settings = {
  bitBucketSize: 32,
  autoResize: true,
  lowestDiscernibleValue: 1,
  highestTrackableValue: 60_000_000,
  numberOfSignificantValueDigits: 3,
  useWebAssembly: false,
} as const;

export class LatencyHistogram {
  readonly #histogram: hdr.Histogram;

  constructor(histogram: hdr.Histogram = hdr.build(settings)) {
    this.#histogram = histogram;
  }

  /** A histogram from `encode()` of this or another machine. */
  static decode(encoded: string): LatencyHistogram {
    return new LatencyHistogram(
      hdr.decodeFromCompressedBase64(encoded, settings.bitBucketSize, settings.useWebAssembly),
    );
  }

  /** The sum of several runs' histograms. */
  static merged(encoded: readonly string[]): LatencyHistogram {
    const sum = new LatencyHistogram();
    for (const one of encoded) sum.#histogram.add(LatencyHistogram.decode(one).#histogram);
    return sum;
  }

  record(milliseconds: number): void {
    this.#histogram.recordValue(Math.max(1, Math.round(milliseconds * 1000)));
  }

  get count(): number {
    return this.#histogram.totalCount;
  }

  /** Latency in ms at a percentile (0..100); 0 when nothing was recorded. */
  at(percentile: number): number {
    // A percentile reads its bucket's highest equivalent value, which can pass the largest value recorded.
    return this.count === 0
      ? 0
      : Math.min(this.#histogram.getValueAtPercentile(percentile), this.#histogram.maxValue) / 1000;
  }

  get meanMs(): number {
    return this.count === 0 ? 0 : this.#histogram.mean / 1000;
  }

  get maxMs(): number {
    return this.count === 0 ? 0 : this.#histogram.maxValue / 1000;
  }

  /**
   * Every value recorded, as its bucket reads it (ms: the bucket's highest value, at most the largest recorded, as `at`
   * reads percentiles), with how many times: the samples again, at the histogram's precision.
   */
  *recordedValues(): Generator<{ valueMs: number; count: number }> {
    const histogram = this.#histogram as hdr.JsHistogram;
    const values = histogram.recordedValuesIterator;
    values.reset();
    while (values.hasNext()) {
      const step = values.next();
      yield { valueMs: Math.min(step.valueIteratedTo, histogram.maxValue) / 1000, count: step.countAtValueIteratedTo };
    }
  }

  /** Compressed base64 (the HdrHistogram V2 format other HDR tools read). */
  encode(): string {
    return hdr.encodeIntoCompressedBase64(this.#histogram);
  }
}

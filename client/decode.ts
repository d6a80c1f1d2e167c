/** Content-Encoding handling: we gunzip ourselves (never undici/fetch) so that broken gzip is observable. */
import { createGunzip, type Gunzip } from 'node:zlib';
import type { BodyAllowance } from './body-memory.ts';
import type { ClientError } from './http-exchange.ts';
import { classifyError, clientError } from './client-errors.ts';

export function isGzipEncoding(contentEncoding: string | undefined): boolean {
  if (contentEncoding === undefined) return false;
  const value = contentEncoding.trim().toLowerCase();
  return value === 'gzip' || value === 'x-gzip';
}

export type DecodeResult = { body: Buffer; error?: undefined } | { body?: undefined; error: ClientError };

/**
 * Inflates a gzip body while it arrives, keeping at most `maxDecodedBytes` of output: a gzip bomb is stopped
 * as soon as its output passes the cap, so it never costs more memory than the cap (inflating the whole
 * received body first and checking afterwards is what let 1 MB of bomb take over a gigabyte).
 */
export class BoundedGunzip {
  readonly #maxDecodedBytes: number;
  readonly #inflater: Gunzip;
  readonly #chunks: Buffer[] = [];
  #decodedBytes = 0;
  #receivedBytes = 0;
  #failure: ClientError | undefined;
  readonly #ended: Promise<void>;

  /** @param allowance the exchange's share of the process's body memory: inflating pauses while it waits for more */
  constructor(maxDecodedBytes: number, allowance?: BodyAllowance) {
    this.#maxDecodedBytes = maxDecodedBytes;
    this.#inflater = createGunzip();
    this.#inflater.on('data', (chunk: Buffer) => {
      if (this.#failure) return;
      this.#decodedBytes += chunk.length;
      if (this.#decodedBytes > this.#maxDecodedBytes) {
        this.#fail(clientError('BODY_TOO_LARGE', `gzip body decodes to more than ${this.#maxDecodedBytes} bytes`));
        return;
      }
      this.#chunks.push(chunk);
      const wait = allowance?.add(chunk.length);
      if (wait !== undefined) {
        this.#inflater.pause();
        void wait.then(() => this.#inflater.resume());
      }
    });
    this.#ended = new Promise((resolve) => {
      this.#inflater.once('end', resolve);
      this.#inflater.once('close', resolve);
      this.#inflater.on('error', (err) => {
        this.#fail(clientError('BAD_GZIP', `invalid gzip body: ${classifyError(err).message}`));
        resolve();
      });
    });
  }

  /** The output passed the cap: reading the rest of the body is pointless. */
  get overflowed(): boolean {
    return this.#failure?.code === 'BODY_TOO_LARGE';
  }

  /** Feeds received bytes; returns false once more bytes are pointless (the cap was passed). */
  write(chunk: Buffer): boolean {
    if (this.#failure) return !this.overflowed;
    this.#receivedBytes += chunk.length;
    this.#inflater.write(chunk);
    return true;
  }

  /**
   * The body ended: the decoded bytes, or BAD_GZIP / BODY_TOO_LARGE. An empty body is passed through: HEAD,
   * 204 and 304 answers legitimately carry the header without a body.
   */
  async end(): Promise<DecodeResult> {
    if (this.#receivedBytes === 0 && !this.#failure) {
      this.#inflater.destroy();
      return { body: Buffer.alloc(0) };
    }
    if (!this.#failure) this.#inflater.end();
    await this.#ended;
    if (this.#failure) return { error: this.#failure };
    return {
      body: this.#chunks.length === 1 ? (this.#chunks[0] as Buffer) : Buffer.concat(this.#chunks, this.#decodedBytes),
    };
  }

  /** Stops inflating (the exchange failed for another reason). */
  discard(): void {
    this.#inflater.destroy();
    this.#chunks.length = 0;
  }

  #fail(failure: ClientError): void {
    if (this.#failure) return;
    this.#failure = failure;
    this.#chunks.length = 0;
    this.#inflater.destroy();
  }
}

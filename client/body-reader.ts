/** Reads a response body into memory with a hard byte cap, without ever rejecting. */
import type { Readable } from 'node:stream';
import type { BodyAllowance } from './body-memory.ts';

export interface BodyRead {
  /** Bytes received, at most `cap`; only the first `keepOnOverflow` of them when the body went beyond the cap. */
  raw: Buffer;
  /** The body went beyond `cap`; reading stopped and the stream was destroyed. */
  overflow: boolean;
  /** Whatever the stream failed with (socket error, abort by timer ...), unclassified. */
  failure?: unknown;
}

/**
 * Sees every received chunk as it arrives (a streaming decoder); returns false when it wants no more: reading stops.
 */
export type BodySink = (chunk: Buffer) => boolean;

const EMPTY = Buffer.alloc(0);

/**
 * The bytes received in `chunks` as one buffer. Past the cap (`overflow`) only the first `keepOnOverflow` are kept,
 * copied so the received chunks can be freed: joining all of them first would hold the cap twice.
 */
function joined(chunks: readonly Buffer[], length: number, overflow: boolean, keepOnOverflow: number): Buffer {
  if (overflow) return Buffer.concat(chunks, Math.min(length, keepOnOverflow));
  if (chunks.length === 1) return chunks[0] as Buffer;
  return chunks.length === 0 ? EMPTY : Buffer.concat(chunks, length);
}

/**
 * Event listeners rather than `for await`: measurably cheaper per exchange, and destroying the stream at the cap
 * is what stops endless bodies (undici then drops the connection instead of draining it).
 */
export function readBody(
  body: Readable,
  cap: number,
  sink?: BodySink,
  allowance?: BodyAllowance,
  keepOnOverflow = cap,
): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;

    const settle = (overflow: boolean, failure?: unknown): void => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      const raw = joined(chunks, length, overflow, keepOnOverflow);
      chunks.length = 0;
      resolve(failure === undefined ? { raw, overflow } : { raw, overflow, failure });
    };

    const onData = (chunk: Buffer): void => {
      const room = cap - length;
      if (chunk.length > room) {
        if (room > 0) {
          chunks.push(chunk.subarray(0, room));
          length += room;
        }
        settle(true);
        body.destroy();
        return;
      }
      chunks.push(chunk);
      length += chunk.length;
      // The sink (a decoder past its own cap) reports that reason itself.
      if (sink && !sink(chunk)) {
        settle(false);
        body.destroy();
        return;
      }
      const wait = allowance?.add(chunk.length);
      if (wait !== undefined) {
        body.pause();
        void wait.then(() => settled || body.resume());
      }
    };

    body.on('data', onData);
    body.once('end', () => settle(false));
    // Stays attached after settling: a late error from destroy() must not become an unhandled 'error' event.
    body.on('error', (err) => settle(false, err));
    body.once('close', () => settle(false, new Error('response body closed before it ended')));
  });
}

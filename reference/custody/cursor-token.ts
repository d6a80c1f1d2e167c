import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a reference cursor token carries: the endpoint, the page size and the page's first item index. */
export interface CursorPosition {
  endpoint: string;
  pageSize: number;
  offset: number;
}

const macBytes = 32;

/**
 * Opaque, tamper-evident tokens: standard base64 (so `+`, `/` and `=` occur) of an HMAC-SHA256 followed by
 * the JSON of the position. Only the exact canonical encoding is accepted (no base64url, no missing padding).
 */
export class CursorTokens {
  constructor(
    private readonly key: Buffer,
    private readonly verifyMac = true,
    private readonly strictEncoding = true,
  ) {}

  issue(position: CursorPosition): string {
    const payload = Buffer.from(JSON.stringify({ e: position.endpoint, s: position.pageSize, o: position.offset }));
    return Buffer.concat([this.#mac(payload), payload]).toString('base64');
  }

  /** The position a token stands for, or undefined when the server did not produce it. */
  read(token: string): CursorPosition | undefined {
    const bytes = Buffer.from(token, 'base64');
    // Node decodes leniently; a token is ours only in the exact form we issued.
    if (bytes.length <= macBytes || (this.strictEncoding && bytes.toString('base64') !== token)) return undefined;
    const payload = bytes.subarray(macBytes);
    if (this.verifyMac && !timingSafeEqual(bytes.subarray(0, macBytes), this.#mac(payload))) return undefined;
    try {
      const { e, s, o } = JSON.parse(payload.toString('utf8')) as { e: unknown; s: unknown; o: unknown };
      if (typeof e !== 'string' || !Number.isInteger(s) || !Number.isInteger(o)) return undefined;
      return { endpoint: e, pageSize: s as number, offset: o as number };
    } catch {
      return undefined;
    }
  }

  #mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }
}

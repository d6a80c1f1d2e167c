/**
 * The HTTP/1.1 responses of one connection of the closed model, read straight off the socket's bytes: status line,
 * headers, and a body framed by Content-Length, chunked transfer coding or the connection's end. Only what a
 * response rule or a sample needs is kept (headers with lower-case names, repeated ones joined; the body's first
 * `keptBytes`): a status whose content the run does not want costs a scan of its framing and nothing more. The
 * bytes handed in may be reused by the socket afterwards, so whatever is kept is copied.
 */

/** What the parser hands on for each response. */
export interface ParsedResponse {
  status: number;
  /** Lower-case names, repeated values joined with ", "; present when the content was wanted. */
  headers: Record<string, string> | undefined;
  /** The body's first keptBytes as text (after the chunked coding is removed); present when the content was wanted. */
  body: string | undefined;
  /** The connection may carry the next request (no `Connection: close`, no body read to the end of the stream). */
  keepAlive: boolean;
}

type BodyFraming = 'none' | 'length' | 'chunked' | 'until-close';

const crlfcrlf = Buffer.from('\r\n\r\n');

export class Http1ResponseParser {
  readonly #keptBytes: number;
  readonly #wantsContent: (status: number) => boolean;
  readonly #onResponse: (response: ParsedResponse) => void;
  /** The start of a head that did not arrive whole. */
  #headCarry: Buffer | undefined;
  #inBody = false;
  #framing: BodyFraming = 'none';
  /** Bytes of the body (or of the current chunk) still to come. */
  #left = 0;
  /** Chunked coding: reading a size line, a chunk's data, the CRLF after it, or the trailers. */
  #chunkPart: 'size' | 'data' | 'data-end' | 'trailers' = 'size';
  /** A size or trailer line read so far. */
  #line = '';
  #status = 0;
  #headers: Record<string, string> | undefined;
  #keepAlive = true;
  #kept: Buffer[] | undefined;
  #keptLength = 0;

  constructor(
    keptBytes: number,
    wantsContent: (status: number) => boolean,
    onResponse: (response: ParsedResponse) => void,
  ) {
    this.#keptBytes = keptBytes;
    this.#wantsContent = wantsContent;
    this.#onResponse = onResponse;
  }

  /** Reads `data[start, end)`; throws on bytes that are not an HTTP/1.x response. */
  execute(data: Buffer, start = 0, end = data.length): void {
    let at = start;
    while (at < end) at = this.#inBody ? this.#body(data, at, end) : this.#head(data, at, end);
  }

  /** The stream ended: a body read until the close is complete; true when a response was cut short. */
  finish(): boolean {
    if (this.#inBody && this.#framing === 'until-close') {
      this.#complete();
      return false;
    }
    return this.#inBody || this.#headCarry !== undefined;
  }

  /** A new connection: whatever was half read belongs to the old one. */
  reset(): void {
    this.#headCarry = undefined;
    this.#inBody = false;
    this.#kept = undefined;
  }

  #head(data: Buffer, start: number, end: number): number {
    let bytes = data;
    let from = start;
    let to = end;
    if (this.#headCarry) {
      bytes = Buffer.concat([this.#headCarry, data.subarray(start, end)]);
      from = 0;
      to = bytes.length;
    }
    const headEnd = bytes.indexOf(crlfcrlf, Math.max(from, this.#headCarry ? this.#headCarry.length - 3 : from));
    if (headEnd < 0 || headEnd + 4 > to) {
      this.#headCarry = Buffer.from(bytes.subarray(from, to));
      return end;
    }
    const carried = this.#headCarry?.length ?? 0;
    this.#headCarry = undefined;
    this.#readHead(bytes.toString('latin1', from, headEnd));
    // Where the body starts in `data`: past the head, less what of the head was carried from before.
    return start + (headEnd + 4 - from) - carried;
  }

  #readHead(head: string): void {
    if (!head.startsWith('HTTP/1.')) throw new Error(`not an HTTP/1.x response: ${JSON.stringify(head.slice(0, 40))}`);
    const status = Number(head.slice(9, 12));
    if (!Number.isInteger(status) || status < 100) throw new Error(`no status in ${JSON.stringify(head.slice(0, 40))}`);
    const wanted = status >= 200 && this.#wantsContent(status);
    const headers: Record<string, string> | undefined = wanted ? {} : undefined;
    let length = -1;
    let chunked = false;
    let keepAlive = !head.startsWith('HTTP/1.0');
    // Line by line without slicing lines out: this runs for every answer of a run.
    for (let lineStart = head.indexOf('\r\n'); lineStart >= 0; ) {
      const nameStart = lineStart + 2;
      const lineEnd = head.indexOf('\r\n', nameStart);
      const end = lineEnd < 0 ? head.length : lineEnd;
      lineStart = lineEnd;
      const colon = head.indexOf(':', nameStart);
      if (colon <= nameStart || colon >= end) continue;
      const name = head.slice(nameStart, colon).toLowerCase();
      const value = head.slice(colon + 1, end).trim();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.toLowerCase().endsWith('chunked');
      else if (name === 'connection') {
        const tokens = value.toLowerCase();
        keepAlive = !tokens.includes('close') && (keepAlive || tokens.includes('keep-alive'));
      }
      if (headers) headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    // An informational answer (100 Continue) is followed by the real one.
    if (status < 200) return;
    this.#status = status;
    this.#headers = headers;
    this.#keepAlive = keepAlive;
    this.#kept = wanted ? [] : undefined;
    this.#keptLength = 0;
    if (status === 204 || status === 304) this.#framing = 'none';
    else if (chunked) {
      this.#framing = 'chunked';
      this.#chunkPart = 'size';
      this.#line = '';
    } else if (length >= 0) {
      if (!Number.isSafeInteger(length)) throw new Error(`a Content-Length of ${length}`);
      this.#framing = length === 0 ? 'none' : 'length';
      this.#left = length;
    } else {
      this.#framing = 'until-close';
      this.#keepAlive = false;
    }
    if (this.#framing === 'none') this.#complete();
    else this.#inBody = true;
  }

  #body(data: Buffer, start: number, end: number): number {
    if (this.#framing === 'until-close') {
      this.#keep(data, start, end);
      return end;
    }
    if (this.#framing === 'length') {
      const take = Math.min(this.#left, end - start);
      this.#keep(data, start, start + take);
      this.#left -= take;
      if (this.#left === 0) this.#complete();
      return start + take;
    }
    return this.#chunk(data, start, end);
  }

  #chunk(data: Buffer, start: number, end: number): number {
    if (this.#chunkPart === 'data') {
      const take = Math.min(this.#left, end - start);
      this.#keep(data, start, start + take);
      this.#left -= take;
      if (this.#left === 0) this.#chunkPart = 'data-end';
      return start + take;
    }
    // A size line, the CRLF after a chunk's data, or a trailer line: read up to its line feed.
    const lineFeed = data.indexOf(10, start);
    if (lineFeed < 0 || lineFeed >= end) {
      this.#line += data.toString('latin1', start, end);
      return end;
    }
    const line = (this.#line + data.toString('latin1', start, lineFeed)).replace(/\r$/, '');
    this.#line = '';
    if (this.#chunkPart === 'data-end') this.#chunkPart = 'size';
    else if (this.#chunkPart === 'size') {
      const size = Number.parseInt(line, 16);
      if (!Number.isSafeInteger(size) || size < 0) throw new Error(`a chunk size of ${JSON.stringify(line)}`);
      this.#left = size;
      this.#chunkPart = size === 0 ? 'trailers' : 'data';
    } else if (line === '') this.#complete();
    return lineFeed + 1;
  }

  #keep(data: Buffer, start: number, end: number): void {
    if (!this.#kept) return;
    const room = this.#keptBytes - this.#keptLength;
    if (room <= 0 || end <= start) return;
    const piece = Buffer.from(data.subarray(start, Math.min(end, start + room)));
    this.#kept.push(piece);
    this.#keptLength += piece.length;
  }

  #complete(): void {
    this.#inBody = false;
    const kept = this.#kept;
    this.#kept = undefined;
    this.#onResponse({
      status: this.#status,
      headers: this.#headers,
      body:
        kept === undefined
          ? undefined
          : kept.length === 1
            ? (kept[0] as Buffer).toString()
            : Buffer.concat(kept).toString(),
      keepAlive: this.#keepAlive,
    });
  }
}

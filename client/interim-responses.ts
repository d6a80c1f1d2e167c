/**
 * RFC 9110 §15.2: a client must parse and skip 1xx responses it did not expect. undici drops the connection on
 * an unsolicited `100 Continue` ("bad response"), so interim responses are taken out of the byte stream before
 * undici's parser sees them. With one request per connection at a time (pipelining 1), a response can only start
 * after a request head was written: that is where the filter looks for interim responses, and nowhere else.
 */
import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

/** Longest interim response head skipped; anything longer is handed to undici, whose own header limits apply. */
const MAX_INTERIM_HEAD_BYTES = 64 * 1024;
/** What each byte of an interim status line may be: `HTTP/1.x 1dd` then a space (or CR for an empty reason). */
const INTERIM_STATUS_LINE = ['H', 'T', 'T', 'P', '/', '1', '.', '01', ' ', '1', '0123456789', '0123456789', ' \r'];
const requestHead = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S+ HTTP\/1\.1\r\n/;
const HEAD_END = Buffer.from('\r\n\r\n');

/** Strips the interim (1xx except 101) responses that precede a final response; everything else passes as is. */
export class InterimResponseFilter {
  #expectingStatusLine = false;
  #pending: Buffer | undefined;
  /** Interim responses skipped so far on this connection. */
  skipped = 0;

  /** A request head was written: the next bytes received start a response. */
  requestSent(): void {
    this.#expectingStatusLine = true;
  }

  /** Bytes received; returns what undici may parse now (possibly empty while a status line is incomplete). */
  received(chunk: Buffer): Buffer {
    if (!this.#expectingStatusLine) return chunk;
    let data = this.#pending ? Buffer.concat([this.#pending, chunk]) : chunk;
    this.#pending = undefined;
    for (;;) {
      const interim = startsInterimResponse(data);
      if (interim === 'undecided') return this.#hold(data);
      if (interim === 'no') {
        this.#expectingStatusLine = false;
        return data;
      }
      const end = data.indexOf(HEAD_END);
      if (end === -1) {
        if (data.length > MAX_INTERIM_HEAD_BYTES) {
          this.#expectingStatusLine = false;
          return data;
        }
        return this.#hold(data);
      }
      this.skipped += 1;
      data = data.subarray(end + HEAD_END.length);
      if (data.length === 0) return data;
    }
  }

  #hold(data: Buffer): Buffer {
    this.#pending = data;
    return Buffer.alloc(0);
  }
}

/** Whether `data` starts an interim response; undecided while too few bytes arrived to tell. */
function startsInterimResponse(data: Buffer): 'yes' | 'no' | 'undecided' {
  const length = Math.min(data.length, INTERIM_STATUS_LINE.length);
  for (let index = 0; index < length; index += 1) {
    if (!(INTERIM_STATUS_LINE[index] as string).includes(String.fromCharCode(data[index] as number))) return 'no';
  }
  if (data.length < INTERIM_STATUS_LINE.length) return 'undecided';
  // 101 Switching Protocols ends the HTTP exchange: undici handles (and refuses) it itself.
  return data.subarray(9, 12).toString('latin1') === '101' ? 'no' : 'yes';
}

/** Puts the filter between a socket and undici: on the request heads undici writes and the bytes it reads. */
export function skipInterimResponses(socket: Socket): InterimResponseFilter {
  const filter = new InterimResponseFilter();
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (typeof args[0] === 'string' && requestHead.test(args[0])) filter.requestSent();
    return write(...args);
  }) as typeof socket.write;
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    // Keep reading what the socket holds until something passes the filter or nothing is left.
    for (;;) {
      const chunk = read(size) as Buffer | null;
      if (chunk === null) return null;
      const passed = filter.received(chunk);
      if (passed.length > 0) return passed;
    }
  };
  return filter;
}

/** undici's own connector, with every socket it opens filtered. */
export function interimSkippingConnector(): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) =>
    connect(options, (error, socket) => {
      if (error === null) skipInterimResponses(socket as Socket);
      callback(error, socket as never);
    });
}

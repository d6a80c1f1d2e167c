import { describe, expect, test } from 'vitest';
import { Http1ResponseParser, type ParsedResponse } from '../../load/http1-response-parser.ts';

/** Parses `wire` handed in pieces of `pieceSize` bytes (each piece in a reused buffer, as a socket reads). */
function parsed(wire: string | Buffer, pieceSize: number, wants = (_status: number) => true, keptBytes = 1024) {
  const responses: ParsedResponse[] = [];
  const parser = new Http1ResponseParser(keptBytes, wants, (response) => responses.push(response));
  const bytes = Buffer.isBuffer(wire) ? wire : Buffer.from(wire);
  const reused = Buffer.alloc(pieceSize + 8, '#');
  for (let at = 0; at < bytes.length; at += pieceSize) {
    const length = bytes.copy(reused, 0, at, Math.min(bytes.length, at + pieceSize));
    parser.execute(reused, 0, length);
    reused.fill('#');
  }
  return { responses, cutShort: parser.finish() };
}

const twoAnswers =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nSvc-Track-Id: t-1\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nContent-Length: 11\r\n\r\n{"ok":true}' +
  'HTTP/1.1 429 Too Many Requests\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\n{"err\r\n9\r\nor":"lim"\r\n2\r\n}\n\r\n0\r\nTrailer: x\r\n\r\n';

describe('Http1ResponseParser reads what a closed-model connection receives', () => {
  test.each([1, 2, 7, 64, 4096])(
    'in pieces of %i bytes: statuses, lower-case headers joined, bodies de-chunked',
    (size) => {
      const { responses, cutShort } = parsed(twoAnswers, size);
      expect(responses).toEqual([
        {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'svc-track-id': 't-1',
            'set-cookie': 'a=1, b=2',
            'content-length': '11',
          },
          body: '{"ok":true}',
          keepAlive: true,
        },
        { status: 429, headers: { 'transfer-encoding': 'chunked' }, body: '{"error":"lim"}\n', keepAlive: true },
      ]);
      expect(cutShort).toBe(false);
    },
  );

  test('a status whose content is not wanted: framing read, no headers or body built', () => {
    const { responses } = parsed(twoAnswers, 5, (status) => status !== 200);
    expect(responses[0]).toEqual({ status: 200, headers: undefined, body: undefined, keepAlive: true });
    expect(responses[1]?.body).toBe('{"error":"lim"}\n');
  });

  test('keeps at most keptBytes of a body and reads the rest', () => {
    const body = 'x'.repeat(5000);
    const { responses } = parsed(
      `HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n${body}HTTP/1.1 204 No Content\r\n\r\n`,
      333,
    );
    expect(responses.map((response) => [response.status, response.body?.length])).toEqual([
      [200, 1024],
      [204, 0],
    ]);
  });

  test('a body without a length ends with the stream and closes the connection; 100 Continue is skipped', () => {
    const { responses, cutShort } = parsed('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 200 OK\r\n\r\nto the end', 4);
    expect(responses).toEqual([{ status: 200, headers: {}, body: 'to the end', keepAlive: false }]);
    expect(cutShort).toBe(false);
  });

  test('Connection: close is told; an answer cut short is told when the stream ends', () => {
    const { responses, cutShort } = parsed(
      'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhalf',
      6,
    );
    expect(responses.map((response) => response.keepAlive)).toEqual([false]);
    expect(cutShort).toBe(true);
  });

  test('bytes that are not an HTTP/1.x response throw', () => {
    expect(() => parsed('SSH-2.0-OpenSSH\r\n\r\n', 100)).toThrow(/not an HTTP\/1.x response/);
    expect(() => parsed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 100)).toThrow(/chunk size/);
  });
});

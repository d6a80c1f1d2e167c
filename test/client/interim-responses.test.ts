import { describe, expect, it } from 'vitest';
import { InterimResponseFilter } from '../../client/interim-responses.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const passed = (filter: InterimResponseFilter, ...chunks: string[]) =>
  chunks.map((chunk) => filter.received(bytes(chunk)).toString('latin1')).join('');

describe('InterimResponseFilter', () => {
  it('skips 1xx heads at the start of a response, even when they arrive a byte at a time', () => {
    const filter = new InterimResponseFilter();
    filter.requestSent();
    const response = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 199 Misc\r\nx: y\r\n\r\nHTTP/1.1 200 OK\r\n\r\n';
    expect(passed(filter, ...response.split(''))).toBe('HTTP/1.1 200 OK\r\n\r\n');
    expect(filter.skipped).toBe(2);
  });

  it('leaves a body that looks like an interim response alone once the final response started', () => {
    const filter = new InterimResponseFilter();
    filter.requestSent();
    const response = 'HTTP/1.1 200 OK\r\ncontent-length: 25\r\n\r\n';
    expect(passed(filter, response, 'HTTP/1.1 100 Continue\r\n\r\n')).toBe(`${response}HTTP/1.1 100 Continue\r\n\r\n`);
    expect(filter.skipped).toBe(0);
  });

  it('passes bytes that arrive without a request outstanding, and 101, to undici unchanged', () => {
    const unprompted = new InterimResponseFilter();
    expect(passed(unprompted, 'HTTP/1.1 100 Continue\r\n\r\n')).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    const upgrade = new InterimResponseFilter();
    upgrade.requestSent();
    expect(passed(upgrade, 'HTTP/1.1 101 Switching Protocols\r\n\r\n')).toBe(
      'HTTP/1.1 101 Switching Protocols\r\n\r\n',
    );
  });

  it('hands an interim head past its size limit to undici instead of holding it', () => {
    const filter = new InterimResponseFilter();
    filter.requestSent();
    const head = `HTTP/1.1 100 Continue\r\nx: ${'a'.repeat(70 * 1024)}`;
    expect(passed(filter, head)).toBe(head);
  });
});

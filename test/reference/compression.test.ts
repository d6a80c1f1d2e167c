import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../reference/billing/compression.ts';
import { flatCharge, useStartedTarget, type Target } from './support.ts';

/** Description length that makes the create response exactly `bytes` long (the rest of the body has fixed size). */
async function descriptionFor(target: Target, headers: Record<string, string>, bytes: number): Promise<number> {
  const probe = await target.call('POST', '/commerce/charges', { headers, body: { ...flatCharge, description: '' } });
  return bytes - probe.raw.length;
}

describe('response compression', () => {
  const started = useStartedTarget();

  const createWith = (length: number, acceptEncoding: string) =>
    started.target.call('POST', '/commerce/charges', {
      headers: { ...started.headers, 'accept-encoding': acceptEncoding },
      body: { ...flatCharge, description: 'd'.repeat(length) },
    });

  it('sends a 1000-byte body uncompressed and gzips a 1001-byte body', async () => {
    const length = await descriptionFor(started.target, started.headers, 1000);
    const atThreshold = await createWith(length, 'gzip');
    expect(atThreshold.headers['content-encoding']).toBeUndefined();
    expect(atThreshold.raw.length).toBe(1000);
    expect(atThreshold.headers['content-length']).toBe('1000');

    const over = await createWith(length + 1, 'gzip, deflate');
    expect(over.headers['content-encoding']).toBe('gzip');
    expect(over.headers.vary).toMatch(/accept-encoding/i);
    expect(Buffer.byteLength(over.text)).toBe(1001);
    expect(over.raw.length).toBeLessThan(1001);
    expect(over.headers['content-length']).toBe(String(over.raw.length));
  });

  it('does not compress when gzip is not accepted', async () => {
    for (const acceptEncoding of ['identity', 'gzip;q=0', 'br', 'gzip;q=0, *;q=1']) {
      const answer = await createWith(3000, acceptEncoding);
      expect(answer.headers['content-encoding'], acceptEncoding).toBeUndefined();
    }
  });

  it('parses Accept-Encoding weights', () => {
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('gzip;q=0.0')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('request compression', () => {
  const started = useStartedTarget();

  it('reads a gzipped request body', async () => {
    const answer = await started.target.call('POST', '/commerce/charges', {
      headers: started.headers,
      body: flatCharge,
      gzip: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.charge.name).toBe(flatCharge.name);
  });

  it('answers 400 for broken gzip, unknown encodings and bodies over 1 MiB', async () => {
    const broken = await started.target.call('POST', '/commerce/charges', {
      headers: { ...started.headers, 'content-encoding': 'gzip' },
      body: 'not gzip at all',
    });
    expect(broken.status).toBe(400);
    const unknown = await started.target.call('POST', '/commerce/charges', {
      headers: { ...started.headers, 'content-encoding': 'br' },
      body: flatCharge,
    });
    expect(unknown.status).toBe(400);
    const huge = await started.target.call('POST', '/commerce/charges', {
      headers: started.headers,
      body: { ...flatCharge, description: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(huge.status).toBe(400);
    const bomb = gzipSync(Buffer.from(JSON.stringify({ ...flatCharge, description: ' '.repeat(2 * 1024 * 1024) })));
    const inflated = await started.target.call('POST', '/commerce/charges', {
      headers: { ...started.headers, 'content-encoding': 'gzip' },
      body: bomb,
    });
    expect(inflated.status).toBe(400);
    // The connection stays usable after a refused body.
    expect(
      (await started.target.call('POST', '/commerce/charges', { headers: started.headers, body: flatCharge })).status,
    ).toBe(200);
  });
});

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { bodyHash, macHeaderValue, macString, parseMacHeader, signMac } from '../../../../suites/loyalty/client/mac.ts';
import { alterNearEnd } from '../../../../generators/loyalty/altered-mac.ts';
import { loyaltySectionSchema } from '../../../../suites/loyalty/entry/section.ts';

const macOf = (extra: Record<string, unknown> = {}) =>
  loyaltySectionSchema.parse({
    baseUrl: 'http://127.0.0.1:1/loyalty',
    apiKey: 'key-1234',
    mac: { id: 'client-1', secret: 's3cret-value', ...extra },
  }).mac!;
const input = {
  method: 'post',
  url: 'http://Example.COM:8080/loyalty/v1/event/notify?x=1',
  body: '{"a":1}',
  ts: '1767225600000',
  nonce: 'n-1',
};

describe('the loyalty MAC', () => {
  test('default recipe: ts, nonce, METHOD, path with query, host, port, bodyhash, each followed by a newline; SHA-256 base64 body hash; HMAC-SHA256 base64', () => {
    const settings = macOf();
    expect(settings).toMatchObject({
      signs: ['ts', 'nonce', 'method', 'path', 'host', 'port', 'bodyhash'],
      bodyHashAlgorithm: 'sha256',
      encoding: 'base64',
      windowMs: 300_000,
    });
    const hash = createHash('sha256').update('{"a":1}').digest('base64');
    expect(bodyHash('{"a":1}', settings)).toBe(hash);
    const signed = `1767225600000\nn-1\nPOST\n/loyalty/v1/event/notify?x=1\nexample.com\n8080\n${hash}\n`;
    expect(macString(input, hash, settings.signs)).toBe(signed);
    expect(signMac(settings, input)).toEqual({
      id: 'client-1',
      ts: input.ts,
      nonce: 'n-1',
      bodyhash: hash,
      mac: createHmac('sha256', 's3cret-value').update(signed).digest('base64'),
    });
  });
  test('the entry sets the parts, their order, the hash and the encoding; a default port is written', () => {
    const settings = macOf({ signs: ['method', 'path', 'ts'], bodyHashAlgorithm: 'sha512', encoding: 'hex' });
    expect(macString({ ...input, url: 'https://example.com/p' }, 'h', settings.signs)).toBe(
      'POST\n/p\n1767225600000\n',
    );
    expect(macString({ ...input, url: 'https://example.com/p' }, 'h', ['port'])).toBe('443\n');
    expect(bodyHash('x', settings)).toBe(createHash('sha512').update('x').digest('hex'));
  });
  test('the header writes the parts given in order and parses back, quoted or not', () => {
    const parts = signMac(macOf(), input);
    const header = macHeaderValue(parts);
    expect(header).toMatch(/^MAC id=client-1, ts=1767225600000, nonce=n-1, bodyhash=[^,]+, mac=.+$/);
    expect(parseMacHeader(header)).toEqual(parts);
    expect(parseMacHeader('MAC id="a", ts="1"')).toEqual({ id: 'a', ts: '1' });
    expect(macHeaderValue({ id: 'a', mac: 'm' })).toBe('MAC id=a, mac=m');
    expect(parseMacHeader('Bearer x')).toBeUndefined();
  });
  test('an altered mac differs near its end and keeps its length', () => {
    const mac = signMac(macOf(), input).mac;
    const altered = alterNearEnd(mac, 'base64');
    expect(altered).not.toBe(mac);
    expect(altered.slice(0, 30)).toBe(mac.slice(0, 30));
    expect(altered).toHaveLength(mac.length);
  });
  test('a section needs the MAC form or the bearer form; sender, keyname and demographics have defaults', () => {
    expect(loyaltySectionSchema.safeParse({ baseUrl: 'http://127.0.0.1:1/loyalty', apiKey: 'key-1234' }).success).toBe(
      false,
    );
    const section = loyaltySectionSchema.parse({
      baseUrl: 'http://127.0.0.1:1/loyalty',
      apiKey: 'key-1234',
      bearerToken: 'token-1234',
    });
    expect(section).toMatchObject({
      sender: 'harness-issuer',
      keyname: 'MK-HARNESS',
      institutionId: 'harness-institution',
      mandatoryDemographics: {},
    });
  });
});

import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../client/http-client.ts';
import { Redactor } from '../../core/redaction.ts';
import { describeExchange, renderCurl } from '../../client/evidence.ts';
import type { Exchange, OutgoingRequest } from '../../client/http-exchange.ts';
import { echo, startHttp } from './support/servers.ts';
import type { EchoPayload, Running } from './support/servers.ts';

function which(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const run = promisify(execFile);
const hasCurl = which('curl');
const hasBash = which('bash');
const hasGzip = which('gzip');
if (!hasCurl) console.warn('evidence.test: curl not found, skipping curl reproduction tests');
if (!hasBash) console.warn("evidence.test: bash not found, skipping reproductions that need $'...' quoting");
if (!hasGzip) console.warn('evidence.test: gzip not found, skipping the gzip reproduction test');

let server: Running;
const client = new HttpClient({ timeoutMs: 5_000 });

beforeAll(async () => {
  server = await startHttp((req, res) => {
    if (req.url?.startsWith('/token')) {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'sid=abc' });
      res.end(JSON.stringify({ access_token: 'issued-access-token-1', token_type: 'Bearer', expires_in: 300 }));
    } else if (req.url?.startsWith('/error')) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end('invalid client secret: top-secret-value-42');
    } else if (req.url?.startsWith('/binary')) {
      res.end(Buffer.from([0x00, 0xff, 0x10, 0x41, 0x42]));
    } else if (req.url?.startsWith('/long')) {
      res.end('x'.repeat(5000));
    } else {
      void echo(req, res);
    }
  });
});

afterAll(async () => {
  await client.close();
  await server.close();
});

const SECRETS = ['top-secret-value-42', 'issued-access-token-1', 'eyJhbGciOiJIUzI1NiJ9.payload.sig'];

function secretRedactor(): Redactor {
  const redactor = new Redactor();
  redactor.addSecret('top-secret-value-42');
  return redactor;
}

function expectNoSecrets(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('renderCurl', () => {
  it('is one redacted line', async () => {
    const exchange = await client.send({
      method: 'POST',
      url: `${server.url}/token`,
      headers: { Authorization: `Bearer ${SECRETS[2]}`, 'x-trace': "it's" },
      json: { client_id: 'c1', client_secret: 'top-secret-value-42' },
    });
    const curl = renderCurl(exchange, secretRedactor());
    expect(curl).not.toContain('\n');
    expectNoSecrets(curl);
    expect(curl).toContain('-H "Authorization: Bearer $HARNESS_TOKEN"');
    expect(curl).toContain(`-H 'x-trace: it'\\''s'`);
    expect(curl).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/token'/);
    expect(curl).toContain(`--data-binary '{"client_id":"c1","client_secret":"***"}'`);
  });

  it('renders gzip bodies as printf | gzip | curl', async () => {
    const exchange = await client.send({ method: 'POST', url: `${server.url}/echo`, json: { a: 1 }, gzipBody: true });
    const curl = renderCurl(exchange, new Redactor());
    expect(curl).toMatch(/^printf %s '\{"a":1\}' \| gzip \| curl /);
    expect(curl).toContain("-H 'content-encoding: gzip'");
    expect(curl.endsWith('--data-binary @-')).toBe(true);
  });

  it("escapes non-printable header bytes as $'\\xNN' and binary bodies via printf octal", async () => {
    const exchange = await client.send({
      method: 'POST',
      url: `${server.url}/echo`,
      headers: { 'x-latin1': 'caf\u00e9' },
      body: new Uint8Array([0x00, 0x27, 0x25, 0x5c, 0x0a, 0xff]),
    });
    const curl = renderCurl(exchange, new Redactor());
    expect(curl).toContain("-H $'x-latin1: caf\\xe9'");
    expect(curl.startsWith(`printf '\\000'\\''%%\\\\\\n\\377' | curl `)).toBe(true);
    expect(curl).not.toContain('\n');
  });

  // Reproduction: run the rendered command against the same server and compare what arrived.
  const reproductions: Array<[string, OutgoingRequest, 'sh' | 'bash']> = [
    [
      'json with headers',
      { method: 'PUT', url: '/echo?x=1&y=%20', headers: { 'X-One': "a'b", 'x-empty': '' }, json: { q: "it's 100%" } },
      'sh',
    ],
    ['no body', { method: 'GET', url: '/echo', headers: { accept: 'application/json' } }, 'sh'],
    ['body without content-type', { method: 'POST', url: '/echo', body: 'raw text' }, 'sh'],
    [
      'body starting with @',
      { method: 'POST', url: '/echo', headers: { 'content-type': 'text/plain' }, body: '@/etc/passwd' },
      'sh',
    ],
    [
      'multi-line unicode body',
      { method: 'POST', url: '/echo', headers: { 'content-type': 'text/plain' }, body: 'line 1\n\tü "2" \\n\r\n%s' },
      'sh',
    ],
    ['gzip body', { method: 'POST', url: '/echo', json: { zipped: 'yes' }, gzipBody: true }, 'sh'],
    [
      'binary body and latin1 header',
      {
        method: 'POST',
        url: '/echo',
        headers: { 'x-latin1': 'caf\u00e9', 'content-type': 'application/octet-stream' },
        body: new Uint8Array([0, 1, 0x27, 0x25, 0x5c, 0x80, 0xff, 0x0a, 0x30]),
      },
      'bash',
    ],
    [
      'large body (no Expect: 100-continue)',
      { method: 'POST', url: '/echo', headers: { 'content-type': 'text/plain' }, body: 'y'.repeat(5000) },
      'sh',
    ],
  ];

  it.each(reproductions)('reproduces the request: %s', async (name, template, shell) => {
    if (!hasCurl || (shell === 'bash' && !hasBash) || (template.gzipBody && !hasGzip)) {
      console.warn(`evidence.test: skipped reproduction "${name}" (missing tool)`);
      return;
    }
    const exchange = await client.send({ ...template, url: `${server.url}${template.url}` });
    expect(exchange.error).toBeUndefined();
    const viaClient = exchange.response?.json() as EchoPayload;
    const curl = renderCurl(exchange, new Redactor());
    // Async on purpose: the server lives in this process, a sync spawn would block it.
    const { stdout } = await run(shell, ['-c', curl], { encoding: 'utf8', timeout: 10_000 });
    const viaCurl = JSON.parse(stdout) as EchoPayload;

    expect(viaCurl.method).toBe(viaClient.method);
    expect(viaCurl.url).toBe(viaClient.url);
    expect(viaCurl.decodedBody).toBe(viaClient.decodedBody);
    expect(viaCurl.headers['content-length']).toBe(
      template.gzipBody ? viaCurl.headers['content-length'] : viaClient.headers['content-length'],
    );
    expect(viaCurl.headers.expect).toBeUndefined();
    for (const name of Object.keys(exchange.request.headers)) {
      const lower = name.toLowerCase();
      expect(viaCurl.headers[lower], lower).toBe(viaClient.headers[lower]);
    }
    expect(viaCurl.headers['content-type']).toBe(viaClient.headers['content-type']);
  });
});

describe('secrets through environment variables', () => {
  it('a secret header names a variable per family, told beside the line how to get its value, and runs as printed once it is set', async () => {
    const exchange = await client.send({
      method: 'GET',
      url: `${server.url}/echo`,
      headers: {
        Authorization: `Bearer ${SECRETS[1]}`,
        'X-NET-API-KEY': 'top-secret-value-42',
        accept: 'application/json',
      },
    });
    const { curl } = describeExchange(exchange, secretRedactor(), 4000, { family: 'loyalty' });
    expectNoSecrets(curl);
    const [line, ...notes] = curl.split('\n');
    expect(line).toContain('-H "Authorization: Bearer $HARNESS_LOYALTY_TOKEN"');
    expect(line).toContain('-H "X-NET-API-KEY: $HARNESS_LOYALTY_X_NET_API_KEY"');
    expect(notes).toEqual([
      expect.stringMatching(/^# set HARNESS_LOYALTY_TOKEN: the bearer token: the families\.loyalty token/),
      expect.stringMatching(/^# set HARNESS_LOYALTY_X_NET_API_KEY: /),
    ]);
    if (!hasCurl) return;
    // The whole text, comments included, pasted into a shell with the variables set.
    const { stdout } = await run('sh', ['-c', curl], {
      encoding: 'utf8',
      timeout: 10_000,
      env: { ...process.env, HARNESS_LOYALTY_TOKEN: SECRETS[1], HARNESS_LOYALTY_X_NET_API_KEY: 'top-secret-value-42' },
    });
    const echoed = JSON.parse(stdout) as EchoPayload;
    expect(echoed.headers.authorization).toBe(`Bearer ${SECRETS[1]}`);
    expect(echoed.headers['x-net-api-key']).toBe('top-secret-value-42');
  });

  it('another scheme keeps its name and asks for a fresh credential', async () => {
    const exchange = await client.send({
      method: 'GET',
      url: `${server.url}/echo`,
      headers: { Authorization: 'MAC id=1, ts=2, nonce=3, bodyhash=4, mac=5' },
    });
    const { curl } = describeExchange(exchange, new Redactor(), 4000, { family: 'loyalty' });
    expect(curl).toContain('-H "Authorization: MAC $HARNESS_LOYALTY_AUTHORIZATION"');
    expect(curl).toMatch(/# set HARNESS_LOYALTY_AUTHORIZATION: the MAC credential of this request/);
    expect(curl).not.toContain('mac=5');
  });
});

describe('describeExchange', () => {
  it('renders redacted request and response messages', async () => {
    const exchange = await client.send({
      method: 'POST',
      url: `${server.url}/token`,
      headers: { Authorization: `Bearer ${SECRETS[2]}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_secret=top-secret-value-42',
    });
    const description = describeExchange(exchange, secretRedactor());
    expectNoSecrets(description.request + description.response + description.curl);
    expect(description.request).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/token HTTP\/1\.1\n/);
    expect(description.request).toContain('Authorization: Bearer ***');
    expect(description.request).toContain('\n\ngrant_type=client_credentials&client_secret=***');
    expect(description.response).toMatch(/^HTTP\/1\.1 200\n/);
    expect(description.response).toContain('set-cookie: ***');
    expect(description.response).toContain('"access_token":"***"');
    expect(description.response).toContain('"token_type":"Bearer"');
  });

  it('blanks a registered secret echoed in a plain-text error body', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/error` });
    const { response } = describeExchange(exchange, secretRedactor());
    expect(response).toContain('HTTP/1.1 401');
    expect(response).toContain('invalid client secret: ***');
    expectNoSecrets(response);
  });

  it('truncates long bodies with a note', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/long` });
    const { response } = describeExchange(exchange, new Redactor(), 100);
    expect(response).toContain(`${'x'.repeat(100)}\n(… 4900 more bytes)`);
  });

  it('shows binary bodies as hex preview with length', async () => {
    const exchange = await client.send({ method: 'GET', url: `${server.url}/binary` });
    const { response } = describeExchange(exchange, new Redactor());
    expect(response).toContain('(binary body, 5 bytes) hex: 00 ff 10 41 42');
  });

  it('shows the gzip plain body and the wire size', async () => {
    const exchange = await client.send({ method: 'POST', url: `${server.url}/echo`, json: { a: 1 }, gzipBody: true });
    const { request } = describeExchange(exchange, new Redactor());
    expect(request).toContain('\n\n{"a":1}\n(sent gzip-compressed: ');
  });

  it('shows the error, also without a response', () => {
    const exchange: Exchange = {
      id: 1,
      request: { method: 'GET', url: 'http://127.0.0.1:9/x?access_token=top-secret-value-42', headers: {} },
      error: { code: 'CONNECTION_REFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' },
      startedAt: Date.now(),
      durationMs: 1,
    };
    const description = describeExchange(exchange, new Redactor());
    expect(description.response).toBe('(no response)\n\n[error CONNECTION_REFUSED] connect ECONNREFUSED 127.0.0.1:9');
    expect(description.request).toBe('GET http://127.0.0.1:9/x?access_token=*** HTTP/1.1');
    expect(description.curl).toBe("curl -sS -X GET 'http://127.0.0.1:9/x?access_token=***'");
  });
});

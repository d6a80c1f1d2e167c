import { describe, expect, it } from 'vitest';
import { REDACTION_FAILED, Redactor, defaultRedactor } from '../../core/redaction.ts';

describe('Redactor.redactHeaders', () => {
  const redactor = new Redactor();
  redactor.addSecret('registered-secret-value');

  it('keeps the Authorization scheme and masks credentials', () => {
    expect(redactor.redactHeaders({ Authorization: 'Bearer eyJhbGciOi.abc.def' })).toEqual({
      Authorization: 'Bearer ***',
    });
    expect(redactor.redactHeaders({ authorization: 'Basic dXNlcjpwYXNz' })).toEqual({ authorization: 'Basic ***' });
    expect(redactor.redactHeaders({ authorization: 'justatoken' })).toEqual({ authorization: '***' });
  });

  it('masks API keys, cookies and anything named like a secret', () => {
    const out = redactor.redactHeaders({
      apiAccessKeyId: 'AKIA123',
      apiSecretAccessKey: 'shh',
      Cookie: 'sid=1',
      'set-cookie': ['a=1', 'b=2'],
      'X-Api-Key': 'k',
      'x-auth-token': 't',
      'X-Request-Signature': 's',
      'x-client-secret': 'c',
    });
    expect(out).toEqual({
      apiAccessKeyId: '***',
      apiSecretAccessKey: '***',
      Cookie: '***',
      'set-cookie': ['***', '***'],
      'X-Api-Key': '***',
      'x-auth-token': '***',
      'X-Request-Signature': '***',
      'x-client-secret': '***',
    });
  });

  it('keeps idempotency keys, tracking ids and ordinary headers, but blanks registered secrets in them', () => {
    const out = redactor.redactHeaders({
      'Idempotency-Key': 'idem-1',
      'svc-track-id': 'track-1',
      'content-type': 'application/json',
      'x-echo': 'value registered-secret-value here',
    });
    expect(out).toEqual({
      'Idempotency-Key': 'idem-1',
      'svc-track-id': 'track-1',
      'content-type': 'application/json',
      'x-echo': 'value *** here',
    });
  });
});

describe('Redactor.redactText', () => {
  it('masks secret JSON fields at any depth and keeps the rest', () => {
    const redactor = new Redactor();
    const text = JSON.stringify({
      client_id: 'my-client',
      client_secret: 'cs-123',
      nested: { access_token: 'at-456', refresh_token: 'rt-789', token_type: 'Bearer', expires_in: 300 },
      list: [{ password: 'pw' }],
      apiKey: 42,
      token_revoked: false,
      privateKeys: ['k1', 'k2'],
    });
    const out = JSON.parse(redactor.redactText(text));
    expect(out).toEqual({
      client_id: 'my-client',
      client_secret: '***',
      nested: { access_token: '***', refresh_token: '***', token_type: 'Bearer', expires_in: 300 },
      list: [{ password: '***' }],
      apiKey: '***',
      token_revoked: false,
      privateKeys: ['***', '***'],
    });
  });

  it('returns JSON without secret fields unchanged (formatting kept)', () => {
    const text = '{ "a" : 1,\n  "b": [true] }';
    expect(new Redactor().redactText(text)).toBe(text);
  });

  it('keeps pretty-printing when it re-serialises', () => {
    const out = new Redactor().redactText('{\n "access_token": "x",\n "scope": "read"\n}');
    expect(out).toBe('{\n  "access_token": "***",\n  "scope": "read"\n}');
  });

  it('masks secret fields in truncated or embedded JSON', () => {
    const redactor = new Redactor();
    expect(redactor.redactText('{"token_type":"Bearer","access_token":"abcdef-truncat')).toBe(
      '{"token_type":"Bearer","access_token":"***"',
    );
    expect(redactor.redactText('error: {"client_secret": "zzz", "n": 1} rejected')).toBe(
      'error: {"client_secret": "***", "n": 1} rejected',
    );
  });

  it('masks secret fields of form-encoded bodies, byte-identical otherwise', () => {
    const redactor = new Redactor();
    const body = 'grant_type=client_credentials&client_id=my%20client&client_secret=s3cr3t%2B&scope=a+b';
    expect(redactor.redactText(body)).toBe(
      'grant_type=client_credentials&client_id=my%20client&client_secret=***&scope=a+b',
    );
  });

  it('replaces registered secrets literally, also percent-encoded, longest first', () => {
    const redactor = new Redactor();
    redactor.addSecret('p@ss word/1');
    redactor.addSecret('p@ss');
    redactor.addSecret('');
    expect(redactor.redactText('invalid client secret p@ss word/1 given')).toBe('invalid client secret *** given');
    expect(redactor.redactText('id=x&code=p%40ss%20word%2F1')).toBe('id=x&code=***');
    expect(redactor.redactText('nothing secret here')).toBe('nothing secret here');
  });

  it('leaves plain text without secrets untouched', () => {
    expect(new Redactor().redactText('Internal error, token endpoint = down')).toBe(
      'Internal error, token endpoint = down',
    );
  });
});

describe('Redactor.redactUrl', () => {
  it('masks secret query parameters and URL passwords', () => {
    const redactor = new Redactor();
    expect(redactor.redactUrl('https://user:pw@api.test/x?access_token=abc&page=2#frag')).toBe(
      'https://user:***@api.test/x?access_token=***&page=2#frag',
    );
    expect(redactor.redactUrl('https://api.test/x')).toBe('https://api.test/x');
  });
});

describe('defaultRedactor', () => {
  it('is a shared Redactor instance', () => {
    expect(defaultRedactor).toBeInstanceOf(Redactor);
  });
});

describe('very short registered values', () => {
  it('are not treated as secrets, so ordinary text stays readable', () => {
    const redactor = new Redactor();
    redactor.addSecret('y');
    redactor.addSecret('abcd');
    expect(redactor.redactText('invalid gzip body: abcd')).toBe('invalid gzip body: ***');
  });
});

describe('redaction of hostile bodies up to the 8 MiB cap: linear, no deep recursion', () => {
  const redactor = new Redactor();
  const mib = 1024 * 1024;

  it('a truncated body with one endless string value of a secret key', () => {
    const text = `{"client_secret":"${'s'.repeat(8 * mib)}`;
    expect(redactor.redactText(text)).toBe('{"client_secret":"***"');
  });

  it('a truncated body of many secret pairs, each masked', () => {
    const pair = '{"access_token":"abcdefgh","n":1},';
    const text = `[${pair.repeat(Math.floor((8 * mib) / pair.length))}{"access_to`;
    const redacted = redactor.redactText(text);
    expect(redacted).not.toContain('abcdefgh');
    expect(redacted.split('"access_token":"***"').length - 1).toBe(Math.floor((8 * mib) / pair.length));
  });

  it('JSON nested a million levels deep with a secret at the bottom', () => {
    const depth = 1_000_000;
    const text = `${'['.repeat(depth)}{"token":"deep-secret-value"}${']'.repeat(depth)}`;
    const redacted = redactor.redactText(text);
    expect(redacted).not.toContain('deep-secret-value');
    expect(redacted).toContain('"token":"***"');
  });

  it('a long run of backslashes and quotes does not trip the scanner', () => {
    const text = `"password": "${'\\"'.repeat(2 * mib)}`;
    expect(redactor.redactText(text)).toBe('"password": "***"');
  });
});

describe('Redactor.redactValue: one path for every value bound for a report', () => {
  const redactor = new Redactor();
  redactor.addSecret('client-secret-echoed-back');

  it('masks secret fields and registered secrets inside observations of any shape', () => {
    const observation = {
      body429: 'invalid request: client-secret-echoed-back',
      request: { client_secret: 'x1', keep: 3 },
    };
    expect(redactor.redactValue(observation)).toEqual({
      body429: 'invalid request: ***',
      request: { client_secret: '***', keep: 3 },
    });
    expect(redactor.redactValue('echo client-secret-echoed-back')).toBe('echo ***');
    expect(redactor.redactValue(42)).toBe(42);
  });

  it('a value it cannot redact is replaced by the placeholder, never passed on', () => {
    const circular: Record<string, unknown> = { secret: 'client-secret-echoed-back' };
    circular.self = circular;
    expect(redactor.redactValue(circular)).toBe(REDACTION_FAILED);
    expect(redactor.redactValue({ big: 10n })).toBe(REDACTION_FAILED);
  });
});

describe('only credentials by definition are masked by name', () => {
  const redactor = new Redactor();
  it("a record's fields named like a credential are evidence: authorization*, keyname, a cursor's token field", () => {
    const text = JSON.stringify({
      authorizationStatus: 'APPROVED',
      authorizationAmount: '5.00',
      tokenBindsPageSize: true,
      keyname: 'MK-HARNESS',
      nextPageToken: 'cursor-1',
      access_token: 'issued-1',
    });
    expect(JSON.parse(redactor.redactText(text))).toEqual({
      authorizationStatus: 'APPROVED',
      authorizationAmount: '5.00',
      tokenBindsPageSize: true,
      keyname: 'MK-HARNESS',
      nextPageToken: 'cursor-1',
      access_token: '***',
    });
  });
  it('a MAC header keeps its id, ts, nonce and bodyhash and masks the mac; keyname and idempotency keys are shown', () => {
    const out = redactor.redactHeaders({
      Authorization: 'MAC id="c1", ts="1700000000", nonce="n-1", bodyhash="Yg==", mac="c2lnbmVk"',
      keyname: 'MK-HARNESS',
      'Idempotency-Key': 'idem-1',
      'EX-ACCESS-SIGN': 'c2lnbmVk',
    });
    expect(out).toEqual({
      Authorization: 'MAC id="c1", ts="1700000000", nonce="n-1", bodyhash="Yg==", mac="***"',
      keyname: 'MK-HARNESS',
      'Idempotency-Key': 'idem-1',
      'EX-ACCESS-SIGN': '***',
    });
  });
});

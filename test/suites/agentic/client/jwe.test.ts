import { generateKeyPairSync } from 'node:crypto';
import { compactDecrypt, decodeProtectedHeader, exportJWK, importPKCS8, importSPKI } from 'jose';
import { describe, expect, test } from 'vitest';
import { encryptCompact, importPublicKey, otherPublicKey } from '../../../../suites/agentic/client/jwe.ts';
import { agenticSectionSchema } from '../../../../suites/agentic/entry/section.ts';

const pair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const encryptionOf = (publicKey: string, extra: Record<string, string> = {}) =>
  agenticSectionSchema.parse({
    baseUrl: 'http://127.0.0.1:1/agentic',
    token: 'token-1234',
    encryption: { publicKey, ...extra },
  }).encryption;

describe('JWE encryption to the partner key', () => {
  test('defaults to RSA-OAEP-256 / A256GCM; the partner private key decrypts what a PEM public key encrypted', async () => {
    const encryption = encryptionOf(pair.publicKey, { kid: 'partner-1' });
    const jwe = await encryptCompact('{"a":1}', await importPublicKey(encryption), encryption);
    expect(decodeProtectedHeader(jwe)).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'partner-1' });
    const { plaintext } = await compactDecrypt(jwe, await importPKCS8(pair.privateKey, 'RSA-OAEP-256'));
    expect(new TextDecoder().decode(plaintext)).toBe('{"a":1}');
  });
  test('a JWK as JSON text works as well, with the entry algorithms', async () => {
    const jwk = JSON.stringify(await exportJWK(await importSPKI(pair.publicKey, 'RSA-OAEP')));
    const encryption = encryptionOf(jwk, { alg: 'RSA-OAEP', enc: 'A128CBC-HS256' });
    const jwe = await encryptCompact('x', await importPublicKey(encryption), encryption);
    expect(decodeProtectedHeader(jwe)).toMatchObject({ alg: 'RSA-OAEP', enc: 'A128CBC-HS256' });
    await expect(compactDecrypt(jwe, await importPKCS8(pair.privateKey, 'RSA-OAEP'))).resolves.toBeDefined();
  });
  test('what is encrypted to the other key does not decrypt with the partner key', async () => {
    const encryption = encryptionOf(pair.publicKey);
    const jwe = await encryptCompact('x', await otherPublicKey(encryption), encryption);
    await expect(compactDecrypt(jwe, await importPKCS8(pair.privateKey, 'RSA-OAEP-256'))).rejects.toThrow();
  });
});

import { CompactEncrypt, generateKeyPair, importJWK, importSPKI, type CryptoKey, type JWK } from 'jose';
import type { AgenticSection } from '../entry/section.ts';

type Encryption = AgenticSection['encryption'];

/** The partner's public key from the target entry: a JWK as JSON text, else a PEM (SPKI). */
export async function importPublicKey(encryption: Encryption): Promise<CryptoKey> {
  const text = encryption.publicKey.trim();
  if (text.startsWith('{')) return (await importJWK(JSON.parse(text) as JWK, encryption.alg)) as CryptoKey;
  return importSPKI(text, encryption.alg);
}

/** A public key of the same kind as the partner's that the partner does not hold (for the other-key rule). */
export async function otherPublicKey(encryption: Encryption): Promise<CryptoKey> {
  const pair = await generateKeyPair(encryption.alg, encryption.alg.startsWith('RSA') ? { modulusLength: 2048 } : {});
  return pair.publicKey;
}

/** The compact JWE of a plaintext, with the entry's algorithms and kid. */
export function encryptCompact(plaintext: string, key: CryptoKey, encryption: Encryption): Promise<string> {
  const header = { alg: encryption.alg, enc: encryption.enc, ...(encryption.kid ? { kid: encryption.kid } : {}) };
  return new CompactEncrypt(new TextEncoder().encode(plaintext)).setProtectedHeader(header).encrypt(key);
}

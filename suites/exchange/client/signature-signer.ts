/** The exchange family's authentication: key, timestamp, passphrase and the HMAC signature of each request. */
import type { RequestSigning } from '../../../rules/exchange/request-signing.ts';
import { pathWithQuery, signature } from '../../../client/hmac.ts';
import { withHeaders, type RequestSigner } from '../../../client/request-signer.ts';
import {
  defaultSigningHeaders,
  preHash,
  type SigningHeaders,
  type SigningPathFrom,
  signedPath,
  signingTimestamp,
} from './signing.ts';

/** The credentials and settings signing needs (the target entry's section). */
export interface SignatureKeys {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  passphrase?: string;
  headers?: SigningHeaders;
  /** Which path is signed. Default 'api-root' (the base URL's own path left out). */
  pathFrom?: SigningPathFrom;
}

export function signatureSigner(keys: SignatureKeys): RequestSigner<RequestSigning> {
  const names = keys.headers ?? defaultSigningHeaders;
  return (request, signing) => {
    const timestamp = signingTimestamp(signing.atMs ?? Date.now());
    const body = typeof request.body === 'string' ? request.body : Buffer.from(request.body ?? '').toString('utf8');
    const parts = {
      method: request.method,
      path: signedPath(pathWithQuery(request.url), keys.baseUrl, keys.pathFrom ?? 'api-root'),
      body,
      timestamp,
      ...signing.signedParts,
    };
    const signed = signature(
      signing.secret ?? keys.secretKey,
      preHash(parts.timestamp, parts.method, parts.path, parts.body),
    );
    const headers: Record<string, string> = {
      [names.key]: signing.apiKey ?? keys.apiKey,
      [names.timestamp]: timestamp,
    };
    if (!signing.unsigned) headers[names.sign] = signing.alterSignature ? signing.alterSignature(signed) : signed;
    if (keys.passphrase) headers[names.passphrase] = keys.passphrase;
    return withHeaders(request, headers);
  };
}

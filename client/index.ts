/** Public surface of the client layer. */
export type {
  CapturedRequest,
  CapturedResponse,
  ClientError,
  ClientErrorCode,
  Exchange,
  OutgoingRequest,
} from './http-exchange.ts';
export { HttpClient, DEFAULT_HTTP_CLIENT_OPTIONS } from './http-client.ts';
export type { HttpClientOptions } from './http-client.ts';
export { SignedHttpClient } from './request-signer.ts';
export type { HeaderChanges, RequestSigner } from './request-signer.ts';
export { bearerSigner } from './bearer-signer.ts';
export type { BearerAuth } from './bearer-signer.ts';
export { Redactor, defaultRedactor, isSecretField, MASK } from '../core/redaction.ts';
export { renderCurl, describeExchange } from './evidence.ts';
export type { ExchangeDescription } from './evidence.ts';
export { TokenCache } from './token-cache.ts';
export type { IssuedToken, TokenCacheOptions } from './token-cache.ts';
export { Pacer, retryAfterMs, sendWithBackoff } from './token-endpoint-pacer.ts';
export type { BackoffOptions, PacerOptions } from './token-endpoint-pacer.ts';
export { getHeader, findHeaderName } from './headers.ts';

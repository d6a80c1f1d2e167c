/**
 * A signer that signs only requests to one origin: a link the target handed back pointing elsewhere never gets the
 * credentials.
 */
import type { RequestSigner } from './request-signer.ts';

export function onlyToOrigin<Auth>(origin: string, signer: RequestSigner<Auth>): RequestSigner<Auth> {
  return (request, auth) =>
    URL.canParse(request.url) && new URL(request.url).origin === origin ? signer(request, auth) : request;
}

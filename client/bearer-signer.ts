/** The bearer form of authentication (billing, cards, custody, agentic, shortener, cdr). */
import { withHeaders, type RequestSigner } from './request-signer.ts';

/** How a bearer request authenticates: the token, none at all, or a literal Authorization value. */
export type BearerAuth = 'token' | 'none' | { authorization: string };

/**
 * The Authorization value `auth` asks for with this token; undefined: no Authorization is sent (also when there is no
 * token).
 */
export function bearerAuthorization(auth: BearerAuth, token: string | undefined): string | undefined {
  if (auth === 'none') return undefined;
  if (typeof auth === 'object') return auth.authorization;
  return token === undefined ? undefined : `Bearer ${token}`;
}

/**
 * Signs with the token, asked for only when a request uses it (getting one may fail: the rejection is the caller's).
 */
export function bearerSigner(token: () => string | undefined | Promise<string | undefined>): RequestSigner<BearerAuth> {
  return async (request, auth) => {
    const authorization = bearerAuthorization(auth, auth === 'token' ? await token() : undefined);
    return authorization === undefined ? request : withHeaders(request, { Authorization: authorization });
  };
}

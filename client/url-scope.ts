/**
 * Where the harness may send a request that a target's response named (a link, a Location, a next page): only
 * under the family's base URL (same scheme, host and port, and under its path) or under an origin the target
 * entry lists in `followOrigins` (a holder behind a gateway names its public host in links). Anything else is
 * never requested: a hostile target must not turn the harness into a reader of other services.
 */
export interface UrlScope {
  /** The family's base URL, as the entry gives it. */
  baseUrl: string;
  /** Origins (scheme://host:port) the entry allows besides the base URL; their whole path space is allowed. */
  followOrigins?: readonly string[];
}

/** Why a URL lies outside the scope, in words a report can show; undefined when it may be requested. */
export function outsideScope(url: string, scope: UrlScope): string | undefined {
  if (!URL.canParse(url)) return `"${url}" is not an absolute URL`;
  const target = new URL(url);
  if (target.username || target.password) return `${target.origin} carries credentials in the URL`;
  const base = new URL(scope.baseUrl);
  if ((scope.followOrigins ?? []).some((origin) => URL.canParse(origin) && new URL(origin).origin === target.origin))
    return undefined;
  if (target.origin !== base.origin)
    return `${target.origin} is not the base URL's origin ${base.origin}${scope.followOrigins?.length ? ` nor one of followOrigins (${scope.followOrigins.join(', ')})` : ''}`;
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  if (target.pathname !== base.pathname && !target.pathname.startsWith(basePath))
    return `${target.pathname} is not under the base path ${base.pathname}`;
  return undefined;
}

/** The URL may be requested: under the base URL or an origin of followOrigins. */
export const withinScope = (url: string, scope: UrlScope): boolean => outsideScope(url, scope) === undefined;

/** A token request as the wire carries it: JSON body fields and the request headers. */
export interface TokenRequestParts {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

import type { Exchange } from '../../../client/http-exchange.ts';

/**
 * What a diagnosis of a refused token may ask of the client: a token issued outside the session, and one harmless
 * request with it.
 */
export interface SingleUseProbe {
  /** A token fresh from the token operation, not the session's (undefined when none is issued). */
  freshToken(): Promise<string | undefined>;
  /** One harmless catalog request authenticated with exactly this token. */
  probe(token: string): Promise<Exchange>;
}

/**
 * Explains a 401 to the session's token: the error to throw in its place (a rule blocked by the rule that
 * judges the cause), or undefined to let the 401 stand for the rule to judge. The checks stage provides it
 * (suites/billing/checks/single-use-token.ts) and the suites hand it to the client, which decides no outcome itself.
 */
export interface RefusalDiagnosis {
  blockFor(refused: Exchange): Promise<Error | undefined>;
}

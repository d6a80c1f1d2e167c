import type { ClientSettings } from '../targets/schema.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';
import type { Redactor } from '../core/redaction.ts';
import type { BrokeredMethods } from './session-broker.ts';

export interface SessionOptions<Section> {
  section: Section;
  client: ClientSettings;
  redactor: Redactor;
  /** The family's circuit breaker for the run: hand it to every HTTP client the session opens. */
  breaker: CircuitBreaker;
}

/** One kind of credential of an entry, as the preflight tried it. */
export interface CredentialCheck {
  /** What kind: "bearer token", "MAC", "signature", "OAuth client". */
  kind: string;
  /** The key of the family's section to edit: "token", "mac", "credentials". */
  key: string;
  /** The entry's value was taken (the answer was no refusal of it). */
  accepted: boolean;
  /** What was sent and what answered, in words: "GET http://h/v1/cardusers/u answered 200". */
  answered: string;
  /** What the same request with a wrong credential answered, where the entry's value was refused. */
  wrongAnswered?: string;
  /** Refused exactly as a wrong credential is: the entry's value is wrong. */
  mistaken: boolean;
  /** Where refused: the start of the refusal's body, as the target wrote it (redacted when shown). */
  refusalBody?: string;
}

/** What a preflight found for one family of a target. */
export interface PreflightReport {
  family: string;
  url: string;
  /** An HTTP answer arrived (whatever its status). */
  reachable: boolean;
  /** The credentials got a token, or a signed request was accepted. */
  authenticated: boolean;
  /** Why no rule can be judged (unreachable, TLS failure, credentials refused): the run exits 2. */
  problem?: string;
  /** What the target did that the rules will judge (a broken token response), shown but not fatal. */
  notes: string[];
  serverHeader?: string;
  latencyMs?: number;
  /** Each credential the entry names, as the preflight tried it (client/credential-check.ts). */
  credentials?: CredentialCheck[];
  /** The key of the family's section a configuration problem is fixed in ("token", "mac"). */
  fixKey?: string;
  /**
   * The preflight's operation answered as one not served there (404 or 405, or the family's own sign): only then does
   * the run ask every operation whether the base URL is wrong (run/entry-mistakes.ts).
   */
  operationNotServed?: boolean;
}

/**
 * The state a run shares across suite files and workers for one family (the bearer token, the spacing of
 * token requests). Workers reach `serve` through the session broker.
 */
export interface FamilySession {
  preflight(): Promise<PreflightReport>;
  readonly serve: BrokeredMethods;
  close(): Promise<void>;
}

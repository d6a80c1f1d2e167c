import type { ClientSettings } from '../targets/schema.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';
import type { Redactor } from '../core/redaction.ts';
import type { BrokeredMethods } from './session-broker.ts';
import type { CredentialCheck } from './credential-check.ts';

export interface SessionOptions<Section> {
  section: Section;
  client: ClientSettings;
  redactor: Redactor;
  /** The family's circuit breaker for the run: hand it to every HTTP client the session opens. */
  breaker: CircuitBreaker;
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

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { CheckRegistry } from '../checks/check.ts';
import type { CircuitBreaker } from '../client/circuit-breaker.ts';
import type { Redactor } from '../client/redaction.ts';
import type { FamilyLoad } from '../load/family-load.ts';
import type { BrokeredMethods } from '../client/session-broker.ts';
import type { Rule } from '../rules/rule.ts';
import type { ClientSettings } from '../targets/schema.ts';

/**
 * An interface family as a plug-in: its rules and checks, its section of a target entry, where its suites
 * live, the client session a run opens for it, and its part of the bundled reference target with mutants.
 * The registry (families/index.ts) lists the families; the CLI's choices, the rules table, the reference
 * server and the targets.json schema are derived from it.
 */
export interface FamilyModule<Section = any> {
  /** Registry name: the key under `families` in a target entry, a `--suite` choice, the rule ids' prefix. */
  readonly name: string;
  /** The interface and the spec document it comes from, for help texts and reports. */
  readonly title: string;
  readonly rules: readonly Rule<string, Section>[];
  /** Checks only this family's rules use (shared ones live in checks/index.ts). */
  readonly checks: CheckRegistry;
  /** Schema of `families.<name>` in a target entry. */
  readonly section: z.ZodType<Section>;
  /** What to do about an invalid key of the section, by key name. */
  readonly configFixes?: Readonly<Record<string, string>>;
  /** Checks the parsed section beyond its schema (names that must exist); a problem names the key. */
  validateSection?(section: Section): SectionProblem | undefined;
  /** Absolute path of the folder of `*.suite.ts` files. */
  readonly suitesDir: string;
  /** Opens the run's session for a target in the main process: preflight, and what suite workers share. */
  openSession(options: SessionOptions<Section>): FamilySession;
  readonly reference: FamilyReference;
  /** Its load part: the nightly profile and the probes of `harness load` (load/<name>/). */
  readonly load?: FamilyLoad<Section>;
}

export interface SectionProblem {
  /** Key path inside the section, e.g. ['adapter']. */
  key: (string | number)[];
  message: string;
  fix?: string;
}

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

/** A faulty variant of the reference target that breaks one rule. */
export interface MutantInfo {
  name: string;
  family: string;
  /** The id of the one rule the variant breaks. */
  breaks: string;
  /** The reference mode the variant must run in for the rule to apply. */
  mode: string;
  description: string;
}

/** One family's part of the bundled reference target, mounted under its prefix. */
export interface FamilyReference {
  /** Path prefix on the reference server, e.g. '/billing'. */
  readonly prefix: string;
  /** Modes the family's reference can run in; the first is the default. */
  readonly modes: readonly string[];
  readonly mutants: readonly MutantInfo[];
  /** Flags of `harness reference` that set options of this family's reference (name -> help). */
  readonly flags?: Readonly<Record<string, { help: string; toOptions(value: string): Record<string, unknown> }>>;
  /** Fills the environment variables the reference's credentials come from when they are unset. */
  ensureCredentials(env: NodeJS.ProcessEnv): void;
  create(options: FamilyReferenceOptions): FamilyHandler;
  /** The target-entry section that points the harness at this reference in a mode (credentials filled). */
  targetSection(baseUrl: string, mode: string, env: NodeJS.ProcessEnv): unknown;
}

export interface FamilyReferenceOptions {
  mode: string;
  mutant?: string;
  env: NodeJS.ProcessEnv;
  /** Family-specific settings (from `flags` or a test). */
  options?: Record<string, unknown>;
}

export interface FamilyHandler {
  /** Handles a request whose path is under the family's prefix (`path` is the rest). */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
}

/** Keeps the family's literal name in its type, so the registry can derive the family-name union. */
export function defineFamily<const Name extends string, Section>(family: FamilyModule<Section> & { readonly name: Name }): FamilyModule<Section> & { readonly name: Name } {
  return family;
}

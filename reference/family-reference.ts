import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RuleId } from '../rules/rule-id.ts';

/** A faulty variant of the reference target that breaks one rule. */
export interface MutantInfo {
  name: string;
  family: string;
  /** The id of the one rule the variant breaks. */
  breaks: RuleId;
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
  /**
   * Makes the family's handler. A promise, so a family imports its server implementation only when a reference
   * starts: the light facts above are all a run's main process reads.
   */
  create(options: FamilyReferenceOptions): Promise<FamilyHandler>;
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

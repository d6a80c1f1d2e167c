import type { z } from 'zod';
import type { Exchange, OutgoingRequest } from '../client/http-exchange.ts';
import type { CheckTable } from '../engine/check.ts';
import type { SharedCheckName } from '../checks/index.ts';
import type { FamilySession, SessionOptions } from '../client/family-session.ts';
import type { FamilyReference } from '../reference/family-reference.ts';
import type { FamilyLoad } from '../load/family-load.ts';
import type { Rule } from '../rules/rule.ts';
import type { StatefulInventory } from '../rules/stateful-sentence.ts';

/**
 * An interface family as a plug-in: its rules and checks, its section of a target entry, where its suites
 * live, the client session a run opens for it, and its part of the bundled reference target with mutants.
 * The registry (families/index.ts) lists the families; the CLI's choices, the rules table, the reference
 * server and the targets.json schema are derived from it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a family of any section type (the registry holds families of different sections)
export interface FamilyModule<Section = any> {
  /** Registry name: the key under `families` in a target entry, a `--suite` choice, the rule ids' prefix. */
  readonly name: string;
  /** The interface and the spec document it comes from, for help texts and reports. */
  readonly title: string;
  readonly rules: readonly Rule<string, Section>[];
  /** Its documents' sentences that imply state across calls, and how sequences judge each (rules/<name>/); the built-in families give theirs. */
  readonly statefulSentences?: StatefulInventory;
  /**
   * Checks only this family's rules use (shared ones live in checks/index.ts). Imported when asked for: suite
   * workers import the checks they run themselves, and the main process needs them only for the rules table.
   */
  readonly checks: () => Promise<CheckTable>;
  /** Schema of `families.<name>` in a target entry. */
  readonly section: z.ZodType<Section>;
  /** What to do about an invalid key of the section, by key name. */
  readonly configFixes?: Readonly<Record<string, string>>;
  /** Checks the parsed section beyond its schema (names that must exist); a problem names the key. */
  validateSection?(section: Section): SectionProblem | undefined;
  /**
   * Readies the parsed section where that needs I/O (a module of the team's own named by path, relative to the
   * targets file's folder): the section to use, or the problem, which names the key. Default: the section as it is.
   */
  prepareSection?(
    section: Section,
    context: { targetsDir: string },
  ): Promise<{ section: Section } | { problem: SectionProblem }>;
  /** Absolute path of the folder of `*.suite.ts` files. */
  readonly suitesDir: string;
  /**
   * Opens the run's session for a target in the main process: preflight, and what suite workers share. A promise,
   * so a family imports its client only when one of its sessions is opened.
   */
  openSession(options: SessionOptions<Section>): Promise<FamilySession>;
  readonly reference: FamilyReference;
  /**
   * Its load part: the nightly profile and the probes of `harness load` (suites/<name>/load/), imported when asked for,
   * so a run and the reference child do not load them.
   */
  readonly load?: () => Promise<FamilyLoad<Section>>;
  /**
   * What `harness doctor` asks of an entry's section beyond the preflight: a harmless request to each operation path
   * the family uses (refused, so it changes nothing; a 404 says the base URL is wrong), and whether the section
   * authenticates at all. Default: the preflight alone.
   */
  readonly doctor?: (section: Section) => DoctorPlan;
  /**
   * `harness sign`: the request with the section's credentials set afresh (a MAC with a new ts and nonce, a new
   * timestamp and signature, the API key), for families whose requests carry a signature computed per request. A
   * promise, so the family's client is imported only then.
   */
  readonly signRequest?: (section: Section, request: OutgoingRequest) => Promise<OutgoingRequest>;
}

/** A harmless request of `harness doctor` to one operation path of a family: invalid or unsigned, so refused. */
export interface DoctorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the section's base URL, the way the family's client appends it. */
  path: string;
  /** A JSON body, when the operation takes one. Default: none. */
  json?: unknown;
}

/** What `harness doctor` asks of one family of an entry. */
export interface DoctorPlan {
  /** The section's base URL, the operation paths relative to it. */
  baseUrl: string;
  requests: readonly DoctorRequest[];
  /** False when the section sends no credentials (the family has none, or the entry gives none). Default true. */
  authenticated?: boolean;
  /**
   * How the family's real product says an operation is not served, beside 404 and 405 (the real exchange's code
   * 50005): why, or undefined. Default: 404 and 405 alone.
   */
  notServed?: (exchange: Exchange) => string | undefined;
}

export interface SectionProblem {
  /** Key path inside the section, e.g. ['adapter']. */
  key: (string | number)[];
  message: string;
  fix?: string;
}

/** The check names a family's rules may cite: the shared checks and the family's own. */
type CitableCheck<Checks extends CheckTable> = SharedCheckName | (keyof Checks & string);

/**
 * Keeps the family's literal name in its type, so the registry can derive the family-name union, and accepts
 * only rules whose check the family can use: here, where rules and checks meet (rules/ never imports checks/).
 */
export function defineFamily<const Name extends string, Section, Checks extends CheckTable>(
  family: FamilyModule<Section> & {
    readonly name: Name;
    readonly checks: () => Promise<Checks>;
    readonly rules: readonly { readonly check: CitableCheck<Checks> }[];
  },
): FamilyModule<Section> & { readonly name: Name } {
  return family;
}

/** The verdict for one rule as a suite records it on the vitest task (`task.meta.harness`). */
/**
 * `blocked`: the rule could not be judged because something it needs from other responses was missing; it
 * names the rule(s) whose failure stopped it. Not a failure of its own, not a harness crash.
 */
export type RuleStatus = 'passed' | 'failed' | 'blocked' | 'broken' | 'waived' | 'not-applicable';

export interface EvidenceRecord {
  request: string;
  response: string;
  curl: string;
}

export interface RuleOutcome {
  ruleId: string;
  /** The interface family the rule belongs to. */
  family: string;
  status: RuleStatus;
  section: string;
  /** The sentence(s) the rule's demand rests on, quoted (rules/rule-quotes.ts): what a failure breaks. */
  quote?: string;
  /** Why it failed, broke, was blocked, was waived or does not apply. */
  message?: string;
  /** For a blocked rule: the rules whose failure stopped it. */
  blockedBy?: string[];
  input?: string;
  evidence?: EvidenceRecord[];
  replay?: { seed: number; path: string; counterexample: string };
  /** HTTP exchanges the test made (set-up included). */
  exchanges?: number;
  /** How long the test took, in ms. */
  durationMs?: number;
  /** What the target showed where the spec leaves behaviour open. */
  observations?: Record<string, unknown>;
  /**
   * Set when the harness itself cut the test short (its own client closed as the run wound down): whatever the
   * test recorded, the rule is not run, never failed.
   */
  stoppedByHarness?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    harness?: RuleOutcome;
  }
}

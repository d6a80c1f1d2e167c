/**
 * A sentence of a document that implies state across calls (memory, uniqueness, side-effect freedom, lifetimes,
 * scope, eligibility after a state change, what one operation shows of another's effect), and how the harness judges
 * it by sequences: the inventory of docs/coverage.md ("Stateful sentences"), held to the rule table, the documents and
 * the reference's mutants by a self-test.
 */
export interface StatefulSentence {
  /** The sentence, word for word as the document writes it (checked against the document like every quote). */
  quote: string;
  kind:
    | 'memory'
    | 'uniqueness'
    | 'side-effect freedom'
    | 'lifetime'
    | 'scope'
    | 'eligibility after a state change'
    | 'another operation shows the effect';
  /** The rule whose postcondition judges it, in its planned probes and its sequences. */
  ruleId: string;
  /** The model commands that exercise it, as the family's model names them. */
  commands: readonly string[];
  /** The interleavings that matter for it, each of which the commands generate. */
  interleavings: readonly string[];
  /**
   * Reference mutants that break it only after an interleaving: the phase's random sequences, a late replay, or
   * (custody) a planned walk, itself a sequence of calls; each must be killed. bench/sequence-mutants-bench.ts says,
   * for each, whether the planned probes alone kill it and on how many seeds the phase does.
   */
  mutants: readonly string[];
}

/** A family whose documents state no memory says why instead of listing sentences. */
export interface NoStatefulSentence {
  none: string;
}

export type StatefulInventory = readonly StatefulSentence[] | NoStatefulSentence;

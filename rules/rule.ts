/** Where a rule comes from: a spec document and the section in it. */
export interface RuleSource {
  document: string;
  section: string;
}

/**
 * A sentence a rule rests on, word for word as its source writes it (a test checks each against the documents, so a
 * quote can neither drift nor be invented).
 */
export interface RuleQuote {
  /** The words as written, markdown included; only runs of whitespace may differ. */
  text: string;
  /**
   * The normative word or table cell inside `text` that makes it a demand ("must", "MUST", "400 ErrorResponse"):
   * the rule fails a target on it. Absent: the sentence is context or is observed (reported, never failed).
   */
  demand?: string;
  /**
   * Set when the sentence is the published standard's or product's a document summarises (the Consumer Data
   * Standards, the exchange's v5 REST, the custody platform), not the document's own: where to read it.
   */
  from?: { title: string; version: string; section: string; url: string };
}

/**
 * One normative sentence of the spec, restated in our own words, with the check that enforces it.
 * The killing mutant is not stored here: the family's reference names the rule each mutant breaks, and
 * `harness rules` joins the two so a rule without a mutant shows as a gap.
 */
export interface Rule<Check extends string = string, Section = never> {
  id: string;
  /** The interface family (its registry name) the rule belongs to. */
  family: string;
  source: RuleSource;
  statement: string;
  /** The sentence(s) the rule rests on, verbatim; at least one carries the demand the rule fails a target on. */
  quotes?: readonly RuleQuote[];
  /** Key of the registered check (shared checks/ or the family's suites/<family>/checks/) that decides this rule. */
  check: Check;
  /** Whether the rule applies to a target, judged on the target's section for the family; absent means always. */
  appliesTo?: (section: Section) => boolean;
  /** Plain words for when the rule applies, shown when it does not. */
  applicability?: string;
  /**
   * Rules of the family whose property this rule's route needs from other answers (a token issued, a product listed, a
   * created record): when the target breaks one, this rule is blocked by it, not failed. Every rule a block names must
   * be here or marked `judgesWalkEnds` (the self-tests run strict: engine/declared-prerequisites.ts); only ids
   * of the family's rules compile, and they lead to no cycle (test/rules/prerequisites.test.ts).
   */
  prerequisites?: readonly string[];
  /**
   * Request paths whose answers this rule judges whole: another rule whose failure rests only on a body too large to
   * read (BODY_TOO_LARGE) on such a path is blocked by this one, which fails with the body (one fault, one failed rule).
   */
  judgesBodiesTooLarge?: RegExp;
  /**
   * The rule states that a walk over the family's pages ends (hasNext false at the end, every product reached, tokens
   * that are new): whichever rule walks the pages and finds them stop it (a sign the walk cannot end, a bound, a step
   * refused), it is blocked by this one, declared here once instead of in every walking rule's `prerequisites`.
   */
  judgesWalkEnds?: true;
  /**
   * The name of the family's `limits.ts` export that is the most characters the rule's field allows, where the
   * family's reference reads its limits as one behaviour point (billing): the rule's two boundary mutants (no limit;
   * the limit taken one lower) are made from this entry, so a new length rule writes no mutant and no point.
   */
  maxLength?: string;
}

/** Each rule's prerequisites must be ids of the same rule list: a misspelled one does not compile. */
type PrerequisitesAmong<T extends readonly { id: string }[]> = {
  readonly [K in keyof T]: T[K] & { readonly prerequisites?: readonly T[number]['id'][] };
};

/**
 * The rules of one family. Each rule keeps its check's name as a literal type, and the family module (which
 * sees both rules and checks; rules/ never imports checks/) only accepts rules whose checks the family can
 * use, so a rule cannot name a check that does not exist. `Section` is what the rules' `appliesTo` reads of
 * the family's target section: a part of it is enough, so rules/ never imports targets/ either.
 */
export function defineRules<Section = unknown>() {
  return <const T extends readonly Rule<string, Section>[]>(rules: T & PrerequisitesAmong<T>): T => rules;
}

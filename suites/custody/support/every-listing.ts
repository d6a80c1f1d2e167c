import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { RuleViolation } from '../../../engine/rule-violation.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { combinedViolation } from '../../../engine/rule-check.ts';
import { ruleInProgress } from '../../../core/rule-in-progress.ts';
import { custodyListingPaths } from '../../../rules/custody/endpoints.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import { isBlocked, resultOrBlock } from '../../../engine/result-or-block.ts';

/** Evidence kept per listing that broke a rule: a rule over nine listings shows each, not hundreds of pages. */
const evidencePerListing = 2;

/** How one listing came out for the rule in progress: judged, not judged (why), failed, or blocked (by whom). */
interface ListingOutcome {
  endpoint: string;
  skipped?: string;
  violation?: RuleViolation;
  blocked?: { blockedBy: readonly RuleId[]; missing: string; evidence: readonly Exchange[] };
}

/**
 * Judges the rule in progress on every listing (all of them, never stopping at the first that breaks it; `body` judges
 * with the rule's check) and reports each listing's outcome. It fails with every listing that broke the rule; with none
 * broken but some blocked, it is blocked by the rules that stopped them. `skip` names listings the rule does not apply
 * to, with the reason.
 */
export async function everyListing(
  observe: (key: string, value: unknown) => void,
  body: (endpoint: string) => Promise<unknown>,
  skip: (endpoint: string) => string | undefined = () => undefined,
  /** One listing after the other (a rule whose requests must not interleave across listings). Default: all at once. */
  sequential = false,
): Promise<void> {
  const judge = async (endpoint: string): Promise<ListingOutcome> => {
    const skipped = skip(endpoint);
    if (skipped) return { endpoint, skipped };
    try {
      // What the body threw is resolved for the rule in progress: its violation is thrown, a block returned.
      const judged = await resultOrBlock(() => body(endpoint));
      return isBlocked(judged) ? { endpoint, blocked: judged } : { endpoint };
    } catch (error) {
      if (error instanceof RuleViolation) return { endpoint, violation: error };
      throw error;
    }
  };
  const outcomes: ListingOutcome[] = [];
  if (sequential) for (const endpoint of custodyListingPaths) outcomes.push(await judge(endpoint));
  else outcomes.push(...(await Promise.all(custodyListingPaths.map(judge))));
  observe(
    'listings',
    Object.fromEntries(
      outcomes.map(({ endpoint, skipped, violation, blocked }) => [
        endpoint,
        skipped ? `not judged: ${skipped}` : violation ? 'failed' : blocked ? 'blocked' : 'passed',
      ]),
    ),
  );
  throwViolations(outcomes);
  const blocked = outcomes.flatMap(({ blocked }) => (blocked ? [blocked] : []));
  // Each block names rules other than the one in progress (resultOrBlock made the others its violations).
  if (blocked.length > 0)
    throw new PrerequisiteMissing(
      [...new Set(blocked.flatMap(({ blockedBy }) => blockedBy))],
      blocked.map(({ missing }) => missing).join(' | '),
      blocked.flatMap(({ evidence }) => evidence.slice(0, 1)),
    );
}

/** One violation for every listing that broke the rule in progress (another rule's violation is thrown as it is). */
function throwViolations(outcomes: readonly ListingOutcome[]): void {
  const violations = outcomes.flatMap(({ endpoint, violation }) => (violation ? [{ endpoint, error: violation }] : []));
  if (violations.length === 0) return;
  const message = violations.map(({ endpoint, error }) => `${endpoint}: ${error.message}`).join(' | ');
  const evidence: Exchange[] = violations.flatMap(({ error }) => error.evidence.slice(0, evidencePerListing));
  const violation = combinedViolation(
    violations.map(({ error }) => error),
    `${violations.length} of ${custodyListingPaths.length} listings broke the rule: ${message}`,
    evidence,
    ruleInProgress() as RuleId,
  );
  const [first] = violations;
  if (violations.length === 1 && first?.error.replay) violation.replay = first.error.replay;
  if (first?.error.inputDescription) violation.inputDescription = first.error.inputDescription;
  throw violation;
}

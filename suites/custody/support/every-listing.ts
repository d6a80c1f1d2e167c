import { RuleBlocked } from '../../../checks/rule-blocked.ts';
import { RuleViolation } from '../../../checks/rule-violation.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { combinedViolation } from '../../../checks/rule-check.ts';
import { custodyListingPaths } from '../../../rules/custody/endpoints.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** Evidence kept per listing that broke a rule: a rule over nine listings shows each, not hundreds of pages. */
const evidencePerListing = 2;

/**
 * Judges a rule on every listing (all of them, never stopping at the first that breaks it; `body` judges with
 * the rule's check) and reports each listing's outcome. It fails with every listing that broke the rule; with none
 * broken but some blocked, it is
 * blocked by the rules that stopped them. `skip` names listings the rule does not apply to, with the reason.
 */
export async function everyListing(
  ruleId: RuleId,
  observe: (key: string, value: unknown) => void,
  body: (endpoint: string) => Promise<unknown>,
  skip: (endpoint: string) => string | undefined = () => undefined,
  /** One listing after the other (a rule whose requests must not interleave across listings). Default: all at once. */
  sequential = false,
): Promise<void> {
  const judge = async (endpoint: string) => {
    const skipped = skip(endpoint);
    if (skipped) return { endpoint, skipped };
    try {
      await body(endpoint);
      return { endpoint };
    } catch (error) {
      if (error instanceof RuleViolation || error instanceof RuleBlocked) return { endpoint, error };
      throw error;
    }
  };
  const outcomes: Awaited<ReturnType<typeof judge>>[] = [];
  if (sequential) for (const endpoint of custodyListingPaths) outcomes.push(await judge(endpoint));
  else outcomes.push(...(await Promise.all(custodyListingPaths.map(judge))));
  observe(
    'listings',
    Object.fromEntries(
      outcomes.map(({ endpoint, skipped, error }) => [
        endpoint,
        skipped ? `not judged: ${skipped}` : error instanceof RuleViolation ? 'failed' : error ? 'blocked' : 'passed',
      ]),
    ),
  );
  const violations = outcomes.flatMap(({ endpoint, error }) =>
    error instanceof RuleViolation ? [{ endpoint, error }] : [],
  );
  if (violations.length > 0) {
    const message = violations.map(({ endpoint, error }) => `${endpoint}: ${error.message}`).join(' | ');
    const evidence: Exchange[] = violations.flatMap(({ error }) => error.evidence.slice(0, evidencePerListing));
    const violation = combinedViolation(
      violations.map(({ error }) => error),
      `${violations.length} of ${custodyListingPaths.length} listings broke the rule: ${message}`,
      evidence,
      ruleId,
    );
    const [first] = violations;
    if (violations.length === 1 && first?.error.replay) violation.replay = first.error.replay;
    if (first?.error.inputDescription) violation.inputDescription = first.error.inputDescription;
    throw violation;
  }
  const blocked = outcomes.flatMap(({ endpoint, error }) =>
    error instanceof RuleBlocked ? [{ endpoint, error }] : [],
  );
  if (blocked.length > 0) {
    const by = [...new Set(blocked.flatMap(({ error }) => error.blockedBy))];
    throw new RuleBlocked(
      by,
      blocked.map(({ error }) => error.missing).join(' | '),
      blocked.flatMap(({ error }) => error.evidence.slice(0, 1)),
    );
  }
}

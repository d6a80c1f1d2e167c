import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The rule whose test is running, as the async context of its work: what the harness's client tells an exchange
 * about (which rule saw a target stop answering) without every call passing the rule id along.
 */
const inProgress = new AsyncLocalStorage<string>();

/** Runs `work` as the rule's: exchanges it starts, however deep, know the rule. */
export function asRule<T>(ruleId: string, work: () => T): T {
  return inProgress.run(ruleId, work);
}

/** The rule whose work this is, if any (undefined outside a rule's test: preflight, set-up, load runs). */
export function ruleInProgress(): string | undefined {
  return inProgress.getStore();
}

/** Rules of this process whose request, left unanswered, opened a family's circuit breaker. */
const leftUnanswered = new Set<string>();

/**
 * The rule met a target that stopped answering (its request opened the breaker): it fails with that, even where it
 * reads the request's answer leniently as another rule's, for the rules whose requests are not sent are blocked by it.
 */
export function noteLeftUnanswered(ruleId: string): void {
  leftUnanswered.add(ruleId);
}

export function wasLeftUnanswered(ruleId: string): boolean {
  return leftUnanswered.has(ruleId);
}

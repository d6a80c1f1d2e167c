import { type ClientSettings, defaultClientSettings } from '../targets/schema.ts';
import { runContext } from './run-context.ts';

/*
 * What vitest lets a hook or a test of a suite file take, derived from the target entry's request timeout: nothing
 * the harness runs around a request may time out before the request does, or a target that hangs would end in a
 * hook's or a test's timeout that no rule owns instead of the request's own TIMEOUT, which fails the rule it was
 * sent for (client/deadline-step.ts).
 */

/** Room for the harness's own work around the requests (start-up, the broker's calls, a busy machine). */
const harnessRoomMs = 15_000;

/** A rule's test when its suite asks for nothing else: the minute every rule had before budgets were derived. */
export const defaultRuleTestMs = 60_000;

/** The entry's client settings, or the schema's defaults where no run context is there (collection outside a run). */
function clientSettings(): ClientSettings {
  try {
    return runContext().target.client;
  } catch {
    return defaultClientSettings;
  }
}

/**
 * The longest a hook may wait on `requests` requests sent one after the other (a client's close waits on the
 * requests in flight: one).
 */
export function hookBudgetMs(requests = 1): number {
  return requests * clientSettings().timeoutMs + harnessRoomMs;
}

/**
 * The least a rule's test is given: one request timeout more than the unanswered requests that open the family's
 * circuit breaker (after which nothing waits), so that the requests' own timeouts, not the test's, end a rule
 * whose target stopped answering.
 */
export function ruleTestBudgetMs(asked = defaultRuleTestMs): number {
  const { timeoutMs, unresponsiveAfter } = clientSettings();
  return Math.max(asked, (unresponsiveAfter + 1) * timeoutMs + harnessRoomMs);
}

/**
 * How far a run is, so that a slow target still gets a verdict before the deadline (issue 30): each rule that
 * starts asks for its share, the time until the deadline less what the rules still to come need at least; a
 * rule whose target answers slowly stops at the end of its share (core/rule-in-progress.ts). The first such
 * rule of the run is the one that fails with the target's slowness; every later one is blocked by it, and one
 * that starts with no time left sends nothing. A fast target is never cut short.
 */
import type { BrokeredMethods } from './session-broker.ts';

/** What a rule starting now may take, and the rule that already found the target too slow, if any. */
export interface RuleShare {
  /** Epoch ms its share ends; absent when the run has no deadline. */
  endsAt?: number;
  slowJudgedBy?: string;
}

/** Kept for the wind-down (the reports, the target's stop) and for requests in flight at the share's end. */
const windDownMs = 10_000;
/** Kept for each rule still to come, spread over the workers: a rule blocked at once costs about this. */
const perRuleMs = 500;

export class RunPace {
  readonly #ended = new Set<string>();
  #workers = 1;
  #slowJudgedBy: string | undefined;

  constructor(
    private readonly plannedRules: number,
    private readonly deadlineAt: number | undefined,
  ) {}

  /** The suite files run in this many workers at once. */
  set workers(count: number) {
    this.#workers = Math.max(1, count);
  }

  ruleEnded(ruleId: string): void {
    this.#ended.add(ruleId);
  }

  /** The share of a rule starting now (`now`: epoch ms). */
  shareAt(now: number): RuleShare {
    const slow = this.#slowJudgedBy ? { slowJudgedBy: this.#slowJudgedBy } : {};
    if (this.deadlineAt === undefined) return slow;
    const others = Math.max(0, this.plannedRules - this.#ended.size - 1);
    const endsAt = this.deadlineAt - windDownMs - (others * perRuleMs) / this.#workers;
    return { endsAt: Math.max(now, endsAt), ...slow };
  }

  /** A rule found the target too slow: the first one is the run's; returns that one. */
  claimSlowness(ruleId: string): string {
    this.#slowJudgedBy ??= ruleId;
    return this.#slowJudgedBy;
  }

  /** The methods suite workers call through the run's broker. */
  get methods(): BrokeredMethods {
    return {
      ruleShare: async () => this.shareAt(Date.now()),
      claimSlowness: async ({ ruleId }: { ruleId: string }) => this.claimSlowness(ruleId),
    };
  }
}

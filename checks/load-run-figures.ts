/** Responses of a load run that broke one response rule the same way, as a check reads them. */
export interface BreachCount {
  ruleId: string;
  message: string;
  /** How many responses broke the rule this way. */
  count: number;
}

/**
 * What a check reads of a load run, and nothing more: the load stage's result (load/load-result.ts) has
 * these fields among others, so checks judge a run without importing the stage that makes it.
 */
export interface LoadRunFigures {
  /** Responses per status code ("200"). */
  statuses: Readonly<Record<string, number>>;
  durationSeconds: number;
  latencyMs: { p50: number; p99: number };
  violations: readonly BreachCount[];
}

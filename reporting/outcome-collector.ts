import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { RuleOutcome } from '../rules/rule-outcome.ts';

/** Told as rules start and end (a live line, reports written as rules finish). */
export interface OutcomeListener {
  ruleStarted?(ruleId: string): void;
  outcome?(outcome: RuleOutcome): void;
}

const ruleIdOf = (testCase: TestCase) => testCase.name.split(':')[0] ?? testCase.name;

/**
 * When a test ended (epoch ms): vitest's start (Date.now) plus its duration; the moment it was reported when vitest has
 * no diagnostic.
 */
function endOf(testCase: TestCase): number {
  const diagnostic = testCase.diagnostic();
  return diagnostic ? diagnostic.startTime + diagnostic.duration : Date.now();
}

/**
 * A vitest reporter that only collects: the rule outcome each test recorded, as each test ends (so an
 * interrupted run still has what finished), and errors outside tests. A test that ended without an
 * outcome (its file crashed before it ran) is counted as broken; one skipped without an outcome was
 * filtered out and is left out. Once the run is stopping (`stopAt`), a test that ends is set aside: the
 * wind-down (cancelled tests, closed clients) decided its verdict, not the target, so its rule is not run; so is
 * a test that met the harness's own closed client at any time (`stoppedByHarness`).
 */
export class OutcomeCollector implements Reporter {
  outcomes: RuleOutcome[] = [];
  errors: string[] = [];
  /** Rules whose test ended after the stop was requested, whatever it recorded. */
  setAside: string[] = [];
  #stoppedAt: number | undefined;

  constructor(private readonly listener: OutcomeListener = {}) {}

  /** Forgets what earlier runs collected (one collector serves many runs of one vitest instance). */
  reset(): void {
    this.outcomes = [];
    this.errors = [];
    this.setAside = [];
    this.#stoppedAt = undefined;
  }

  /** From `time` (epoch ms) on, the run is stopping: tests that end then are set aside, not counted. */
  stopAt(time: number): void {
    this.#stoppedAt ??= time;
  }

  onTestCaseReady(testCase: TestCase): void {
    this.listener.ruleStarted?.(ruleIdOf(testCase));
  }

  onTestCaseResult(testCase: TestCase): void {
    const outcome = testCase.meta().harness ?? this.#withoutOutcome(testCase);
    if (!outcome) return;
    if (outcome.stoppedByHarness || (this.#stoppedAt !== undefined && endOf(testCase) >= this.#stoppedAt)) {
      this.setAside.push(outcome.ruleId);
      return;
    }
    this.outcomes.push(outcome);
    this.listener.outcome?.(outcome);
  }

  #withoutOutcome(testCase: TestCase): RuleOutcome | undefined {
    const result = testCase.result();
    if (result.state === 'skipped' || result.state === 'pending') return undefined;
    const ruleId = ruleIdOf(testCase);
    const message = result.errors?.[0]?.message ?? `the test did not run (${result.state})`;
    return { ruleId, family: ruleId.split('.')[0] ?? '', status: 'broken', section: '', message };
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const module of testModules)
      for (const error of module.errors()) this.errors.push(`${module.moduleId}: ${error.message}`);
    for (const error of unhandledErrors) this.errors.push(error.message ?? String(error));
  }
}

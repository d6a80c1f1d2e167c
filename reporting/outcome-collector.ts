import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import { crashedOutcomes, fileErrorOutcomes } from './crashed-outcomes.ts';
import { isWorkerCrash } from './worker-crash.ts';

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
  /** Rules a dead test worker left without a verdict (also among `outcomes`, as broken). */
  crashed: RuleOutcome[] = [];
  /** Rules of suite files that failed outside their tests (also among `outcomes`, as broken). */
  fileErrors: RuleOutcome[] = [];
  /** Test workers that ended while the run was stopping: counted, not errors (see onTestRunEnd). */
  workersStopped = 0;
  #stoppedAt: number | undefined;
  /** Rules whose test started and has not ended: what a worker that dies was running. */
  readonly #running = new Set<string>();

  /** @param crashCause why a test worker died, from what it printed (see worker-crash.ts) */
  constructor(
    private readonly listener: OutcomeListener = {},
    private readonly crashCause: () => string = () => 'it exited unexpectedly',
  ) {}

  /** Forgets what earlier runs collected (one collector serves many runs of one vitest instance). */
  reset(): void {
    this.outcomes = [];
    this.errors = [];
    this.setAside = [];
    this.crashed = [];
    this.fileErrors = [];
    this.workersStopped = 0;
    this.#stoppedAt = undefined;
    this.#running.clear();
  }

  /** From `time` (epoch ms) on, the run is stopping: tests that end then are set aside, not counted. */
  stopAt(time: number): void {
    this.#stoppedAt ??= time;
  }

  onTestCaseReady(testCase: TestCase): void {
    this.#running.add(ruleIdOf(testCase));
    this.listener.ruleStarted?.(ruleIdOf(testCase));
  }

  onTestCaseResult(testCase: TestCase): void {
    this.#running.delete(ruleIdOf(testCase));
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
    const before = this.errors.length;
    const stopping = this.#stoppedAt !== undefined;
    const errors = [
      ...testModules.flatMap((module) => module.errors().map((error) => `${module.moduleId}: ${error.message}`)),
      ...unhandledErrors.map((error) => error.message ?? String(error)),
    ];
    // Once the run is stopping, a worker that died is the stop's doing (Ctrl-C reaches the whole process group, and
    // the wind-down ends the workers): no error of the run, nor of the target. Its rules are reported not run.
    this.workersStopped += stopping ? errors.filter(isWorkerCrash).length : 0;
    this.errors.push(...errors.filter((error) => !(stopping && isWorkerCrash(error))));
    if (stopping) return;
    const judged = new Set([...this.outcomes.map((outcome) => outcome.ruleId), ...this.setAside]);
    // A worker that died left its file's tests without a verdict: broken, naming the cause and what was running.
    if (this.errors.slice(before).some(isWorkerCrash)) {
      for (const outcome of crashedOutcomes(testModules, judged, [...this.#running], this.crashCause())) {
        this.outcomes.push(outcome);
        this.crashed.push(outcome);
        this.listener.outcome?.(outcome);
      }
      return;
    }
    // A file that failed outside its tests (a hook past its limit) left them without a verdict: broken, with the error.
    for (const outcome of fileErrorOutcomes(testModules, judged)) {
      this.outcomes.push(outcome);
      this.fileErrors.push(outcome);
      this.listener.outcome?.(outcome);
    }
  }
}

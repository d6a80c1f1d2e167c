import type { RuntimeMessage } from 'allure-js-commons/sdk';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { RunnerTask } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import { allureRuleMessages, type LabelledRule, type RunLabels } from './allure-rule-messages.ts';
import { worseOutcome } from './run-summary.ts';

/** Where allure-vitest's reporter reads the runtime messages of a test (which a test would send with allure's API). */
interface AllureTaskMeta {
  allureRuntimeMessages?: RuntimeMessage[];
}

/**
 * allure-vitest's reporter, told what to write from the outcome each rule's test recorded (`task.meta.harness`)
 * instead of from calls inside the test: the rule's labels, parameters, description and evidence, built in the main
 * process (allure-rule-messages.ts), so a suite never speaks Allure. allure-vitest still makes the result, with the
 * test's name, file and status, and hands it to `writer`: the run holds them (reporting/allure-run-results.ts) and
 * writes each file once, when it knows the run's end.
 */
export class AllureOutcomeReporter extends AllureVitestReporter {
  #run: RunLabels | undefined;
  readonly #rules: ReadonlyMap<string, LabelledRule>;
  readonly #writer: Writer;
  #outweighed: ReadonlySet<RunnerTask> = new Set();

  /**
   * @param writer where the results go
   * @param rules the rules whose tests may run: an outcome names its rule by id only
   */
  constructor(writer: Writer, rules: readonly LabelledRule[]) {
    super({});
    this.#writer = writer;
    this.#rules = new Map(rules.map((rule) => [rule.id, rule]));
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    // allure-vitest makes its own file writer, which has written nothing yet (no categories, no environment given).
    (this as unknown as { allureReporterRuntime: { writer: Writer } }).allureReporterRuntime.writer = this.#writer;
  }

  /** The target and seed of the run about to start (one reporter serves every run of a vitest instance). */
  startRun(run: RunLabels): void {
    this.#run = run;
  }

  override onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    // The runner's task of each module, which allure-vitest's reporter reads too (vitest keeps it off the public type).
    const tasks = modules.flatMap((module) => (module as unknown as { task?: RunnerTask }).task ?? []);
    this.#outweighed = testsOutweighed(tasks);
    super.onTestRunEnd(modules);
  }

  override handleTask(task: RunnerTask): void {
    if (this.#outweighed.has(task)) return;
    const outcome = task.type === 'test' ? task.meta.harness : undefined;
    const rule = outcome && this.#rules.get(outcome.ruleId);
    if (outcome && rule && this.#run) {
      // The end of the test stamps its evidence, as the test's own attachments were stamped as it ended.
      const at = (task.result?.startTime ?? Date.now()) + (task.result?.duration ?? 0);
      (task.meta as AllureTaskMeta).allureRuntimeMessages = allureRuleMessages(rule, outcome, this.#run, at);
    }
    super.handleTask(task);
  }
}

/**
 * Where several tests judged one rule (a rule judged again late in the run, say), the tests whose verdict another's
 * outweighs: the rule gets one Allure result, the worst verdict's, as in summary.json. Two results of one rule would
 * show as a retry, the later one on top, which could hide a failure behind a pass.
 */
export function testsOutweighed(tasks: readonly RunnerTask[]): ReadonlySet<RunnerTask> {
  const kept = new Map<string, RunnerTask>();
  const outweighed = new Set<RunnerTask>();
  const visit = (task: RunnerTask): void => {
    if (task.type === 'suite') return task.tasks.forEach(visit);
    const outcome = task.meta.harness;
    if (!outcome) return;
    const earlier = kept.get(outcome.ruleId);
    const earlierOutcome = earlier?.meta.harness;
    if (!earlier || !earlierOutcome) return void kept.set(outcome.ruleId, task);
    const winner = worseOutcome(earlierOutcome, outcome) === outcome ? task : earlier;
    outweighed.add(winner === task ? earlier : task);
    kept.set(outcome.ruleId, winner);
  };
  tasks.forEach(visit);
  return outweighed;
}

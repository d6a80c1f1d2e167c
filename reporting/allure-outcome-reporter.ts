import type { RuntimeMessage } from 'allure-js-commons/sdk';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { RunnerTask } from 'vitest';
import { allureRuleMessages, type LabelledRule, type RunLabels } from './allure-rule-messages.ts';

/** Where allure-vitest's reporter reads the runtime messages of a test (which a test would send with allure's API). */
interface AllureTaskMeta {
  allureRuntimeMessages?: RuntimeMessage[];
}

/**
 * allure-vitest's reporter, told what to write from the outcome each rule's test recorded (`task.meta.harness`)
 * instead of from calls inside the test: the rule's labels, parameters, description and evidence, built in the main
 * process (allure-rule-messages.ts), so a suite never speaks Allure. allure-vitest still writes the result, with the
 * test's name, file and status.
 */
export class AllureOutcomeReporter extends AllureVitestReporter {
  #run: RunLabels | undefined;
  readonly #rules: ReadonlyMap<string, LabelledRule>;

  /**
   * @param resultsDir where the results go
   * @param rules the rules whose tests may run: an outcome names its rule by id only
   */
  constructor(resultsDir: string, rules: readonly LabelledRule[]) {
    super({ resultsDir });
    this.#rules = new Map(rules.map((rule) => [rule.id, rule]));
  }

  /** The target and seed of the run about to start (one reporter serves every run of a vitest instance). */
  startRun(run: RunLabels): void {
    this.#run = run;
  }

  override handleTask(task: RunnerTask): void {
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

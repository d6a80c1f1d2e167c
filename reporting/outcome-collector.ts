import type { Reporter, TestModule } from 'vitest/node';
import type { RuleOutcome } from '../suites/support/rule-outcome.ts';

/**
 * A vitest reporter that only collects: the rule outcome each test recorded, and errors outside tests.
 * A test that ended without an outcome (its file crashed before it ran) is counted as broken; one that was
 * skipped without an outcome was filtered out and is left out.
 */
export class OutcomeCollector implements Reporter {
  readonly outcomes: RuleOutcome[] = [];
  readonly errors: string[] = [];

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const module of testModules) {
      for (const error of module.errors()) this.errors.push(`${module.moduleId}: ${error.message}`);
      for (const testCase of module.children.allTests()) {
        const outcome = testCase.meta().harness;
        if (outcome) {
          this.outcomes.push(outcome);
          continue;
        }
        // Skipped without an outcome: left out by --rule, not judged.
        if (testCase.result().state === 'skipped') continue;
        const ruleId = testCase.name.split(':')[0] ?? testCase.name;
        const message = testCase.result().errors?.[0]?.message ?? `the test did not run (${testCase.result().state})`;
        this.outcomes.push({ ruleId, status: 'broken', section: '', message });
      }
    }
    for (const error of unhandledErrors) this.errors.push(error.message ?? String(error));
  }
}

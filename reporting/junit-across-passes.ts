import type { TestModule } from 'vitest/node';
import { JUnitReporter } from 'vitest/node';

/**
 * vitest's JUnit reporter writes one document per test run, but a harness run is several passes (the
 * suites, then each file that runs alone): this keeps every pass's modules and writes them once.
 */
export class JUnitAcrossPasses extends JUnitReporter {
  readonly #modules: TestModule[] = [];

  override async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    this.#modules.push(...testModules);
  }

  /** Writes the JUnit file for every pass so far. */
  async write(): Promise<void> {
    await super.onTestRunEnd(this.#modules);
  }
}

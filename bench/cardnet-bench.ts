/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * Wall time of `harness run --suite FAMILY` against the bundled reference target for each card-network family
 * of spec document 2 that the harness covers (URL shortening, part D; agentic-commerce notifications, part C; loyalty
 * network, part A).
 */
import { printSuiteRun } from './suite-run.ts';

const runs = 100;

for (const suite of ['shortener', 'agentic', 'loyalty']) await printSuiteRun(suite, runs);

import { defineConfig } from 'vitest/config';

/** The harness's own tests (npm test). The conformance suites run through `harness run`, not this config. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Several tests run the real CLI end to end (a reference target and a vitest run each): on 2 cores they
    // are kept few at a time and given time.
    testTimeout: 240_000,
    hookTimeout: 60_000,
    maxConcurrency: 3,
    reporters: ['default'],
  },
});

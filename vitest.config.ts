import { defineConfig } from 'vitest/config';

/** The harness's own tests (npm test). The conformance suites run through `harness run`, not this config. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});

import type { AllureConfig } from 'allure';

/** The environment variable through which the harness names the history file to `allure generate` (a child process). */
export const historyPathVariable = 'HARNESS_ALLURE_HISTORY';
/** The environment variable through which the harness names the report after what its results are (allure-html.ts). */
export const reportNameVariable = 'HARNESS_ALLURE_NAME';

const historyPath = process.env[historyPathVariable];

/**
 * Allure 3 configuration for the HTML report; `allure generate --config` loads this file directly.
 * The tree reads interface family (`epic`) -> spec section (`feature`) -> rule id (`story`).
 */
const config: AllureConfig = {
  name: process.env[reportNameVariable] || 'API conformance',
  // Each generation appends one entry per test to this JSON-lines file, so every rule shows its run history.
  ...(historyPath ? { historyPath } : {}),
  plugins: {
    // singleFile: one index.html with data and scripts inlined, so it opens from disk (a browser refuses
    // file:// fetches of separate data files). Without groupBy the tree follows the test file path.
    awesome: { options: { singleFile: true, groupBy: ['epic', 'feature', 'story'], stepTreeExpansion: 'expanded' } },
  },
};

export default config;

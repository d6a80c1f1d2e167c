import type { AllureConfig } from 'allure';

/**
 * Allure 3 configuration for the HTML report; `allure generate --config` loads this file directly.
 * The tree reads interface family (`epic`) -> spec section (`feature`) -> rule id (`story`).
 */
const config: AllureConfig = {
  name: 'API conformance',
  plugins: {
    // Without groupBy the awesome plugin builds the tree from the test file path.
    awesome: { options: { groupBy: ['epic', 'feature', 'story'] } },
  },
};

export default config;

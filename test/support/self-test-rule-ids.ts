/**
 * The made-up rule ids the self-tests judge checks with, outside any family: registered as a family of ids the
 * way a plug-in adds its own (see rules/rule-id.ts), so the tests call checks as suites do and a misspelled
 * real id still does not compile.
 */
declare module '../../rules/rule-id.ts' {
  interface RuleIdsOfFamilies {
    selfTest:
      | 'test.rule'
      | 'cards.test.rule'
      | 'demo.rule'
      | 'demo.minimum'
      | 'demo.even'
      | 'demo.x'
      | 'demo.other'
      | 'rule.over'
      | 'rule.under';
  }
}

export {};

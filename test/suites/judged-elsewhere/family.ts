import { fileURLToPath } from 'node:url';
import { defineFamily } from '../../../families/family.ts';
import { defineRules } from '../../../rules/rule.ts';
import throwaway from '../../families/throwaway/family.ts';

/*
 * A plug-in family whose suite judges its rules with something other than the check each rule names: the
 * self-test runs it and expects both rules broken. It borrows the throwaway family's route, check and
 * session; only its rules and suite are its own.
 */
export const judgedElsewhereRules = defineRules<{ baseUrl: string }>()([
  {
    id: 'judged-elsewhere.hand-made-verdict',
    family: 'judged-elsewhere',
    source: { document: 'Judged-elsewhere plug-in family (self-test)', section: 'Ping' },
    statement: 'GET /ping answers 200 (the suite returns a verdict it made itself).',
    check: 'ping-answers',
  },
  {
    id: 'judged-elsewhere.other-check',
    family: 'judged-elsewhere',
    source: { document: 'Judged-elsewhere plug-in family (self-test)', section: 'Ping' },
    statement: 'GET /ping answers JSON (the suite judges it with ping-answers, which the rule does not name).',
    check: 'json-body',
  },
]);

// A plug-in family adds its rule ids to the union the compiler checks (rules/rule-id.ts).
declare module '../../../rules/rule-id.ts' {
  interface RuleIdsOfFamilies {
    judgedElsewhere: (typeof judgedElsewhereRules)[number]['id'];
  }
}

export default defineFamily({
  ...throwaway,
  name: 'judged-elsewhere',
  title: 'Judged-elsewhere plug-in family (self-test)',
  rules: judgedElsewhereRules,
  suitesDir: fileURLToPath(new URL('./suites', import.meta.url)),
  reference: { ...throwaway.reference, prefix: '/judged-elsewhere', mutants: [] },
  load: undefined,
});

import { expect, test } from 'vitest';
import { renderSummaryMarkdown } from '../../reporting/summary-markdown.ts';
import { outcomeOf, summaryWith } from '../support/summary-parts.ts';

const summary = summaryWith({
  selectedRules: ['billing.a', 'billing.b', 'billing.c', 'billing.d'],
  outcomes: [
    outcomeOf('billing.a', 'passed'),
    outcomeOf('billing.b', 'failed', {
      section: 'Billing > Token',
      message: '\nexpected 400 | got 200 for `x`\nsecond line',
      input: 'client_id: `a|b`\n(36 chars)',
    }),
    outcomeOf('billing.c', 'blocked', { blockedBy: ['billing.b'], message: 'no token to use' }),
  ],
});

test('summary.md gives the verdict, the counts per family, and each failed and blocked rule with its section and first evidence line', () => {
  const markdown = renderSummaryMarkdown(summary);
  expect(markdown).toMatch(/^## ❌ harness run: NONCONFORMANT/);
  expect(markdown).toContain('| family | passed | failed | blocked | broken | waived | n/a | not run |');
  expect(markdown).toContain('| billing | 1 | 1 | 1 | 0 | 0 | 0 | 1 |');
  // A pipe or backtick of the evidence never opens a table column or a code span; only the first line is shown.
  // billing.b failed and blocked billing.c: a MUST that kept another rule from being judged is a blocker.
  expect(markdown).toContain("- **`billing.b`** (blocker; Billing > Token): expected 400 \\| got 200 for 'x'");
  expect(markdown).not.toContain('second line');
  // The input that failed and the line that replays the rule, each a code span that holds any character.
  expect(markdown).toContain(
    "- **`billing.b`** (blocker; Billing > Token): expected 400 \\| got 200 for 'x'\n  - input: `` client_id: `a|b` (36 chars) ``\n  - replay: `npx harness run --targets /work/targets.json --target staging --suite billing --rule billing.b --seed 7 --runs 5`\n",
  );
  expect(markdown).toContain(
    '- **`billing.c`** (critical; Billing > Endpoints): blocked by `billing.b`: no token to use',
  );
  expect(summary.rules.map((rule) => [rule.ruleId, rule.severity])).toEqual([
    ['billing.a', 'critical'],
    ['billing.b', 'blocker'],
    ['billing.c', 'critical'],
  ]);
  expect(markdown).toContain('### Not run (1)');
  expect(markdown).toContain('`billing.d`');
});

test('a conformant run reads as such and lists no rule', () => {
  const markdown = renderSummaryMarkdown(
    summaryWith({ selectedRules: ['billing.a'], outcomes: [outcomeOf('billing.a', 'passed')] }),
  );
  expect(markdown).toMatch(/^## ✅ harness run: CONFORMANT/);
  expect(markdown).not.toContain('### ');
});

test('an interrupted run never reads as conformant', () => {
  const markdown = renderSummaryMarkdown(
    summaryWith({
      stoppedBy: 'SIGINT',
      selectedRules: ['billing.a', 'billing.b'],
      outcomes: [outcomeOf('billing.a', 'passed')],
    }),
  );
  expect(markdown).not.toContain('✅');
  expect(markdown).toContain('INTERRUPTED');
});

test('a failed rule shows the sentence it breaks, quoted, in summary.md and in its annotation', async () => {
  const { gitHubAnnotations } = await import('../../reporting/github-actions.ts');
  const quoted = summaryWith({
    selectedRules: ['billing.q'],
    outcomes: [
      outcomeOf('billing.q', 'failed', {
        message: 'answered 200',
        quote:
          '"Retries carrying the same value are recognised and the operation is not performed twice." [demand: not performed twice]',
      }),
    ],
  });
  expect(renderSummaryMarkdown(quoted)).toContain(
    '  - breaks: "Retries carrying the same value are recognised and the operation is not performed twice." [demand: not performed twice]',
  );
  expect(gitHubAnnotations(quoted)[0]).toContain('breaks: "Retries carrying the same value');
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { gitHubAnnotations, publishToGitHubActions } from '../../reporting/github-actions.ts';
import { outcomeOf, summaryWith } from '../support/summary-parts.ts';
import { tempFolder } from '../support/temp-folders.ts';

const summary = summaryWith({
  selectedRules: ['billing.a', 'billing.b', 'billing.c'],
  outcomes: [
    outcomeOf('billing.a', 'passed'),
    outcomeOf('billing.b', 'failed', {
      section: 'Billing > Token',
      message: '100% of 3 answers: 200\nmore',
      input: '{"client_id":"a,b"}',
    }),
    outcomeOf('billing.c', 'blocked', { blockedBy: ['billing.b'] }),
  ],
});

test('each failed rule is one ::error annotation titled with its rule id, with the failing input and the replay line, escaped as a workflow command', () => {
  expect(gitHubAnnotations(summary)).toEqual([
    '::error title=billing.b::Billing > Token: 100%25 of 3 answers: 200%0Ainput: {"client_id":"a,b"}%0Areplay: npx harness run --targets /work/targets.json --target staging --suite billing --rule billing.b --seed 7 --runs 5',
  ]);
});

test('under GitHub Actions the Markdown is appended to the job summary and the annotations printed; elsewhere nothing', () => {
  const file = join(tempFolder('harness-gha-'), 'step-summary.md');
  writeFileSync(file, 'earlier step\n');
  const printed: string[] = [];
  publishToGitHubActions(
    '## the run',
    gitHubAnnotations(summary),
    { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file },
    (line) => printed.push(line),
  );
  expect(readFileSync(file, 'utf8')).toBe('earlier step\n## the run\n');
  expect(printed).toHaveLength(1);
  publishToGitHubActions('## again', gitHubAnnotations(summary), { CI: 'true', GITHUB_STEP_SUMMARY: file }, (line) =>
    printed.push(line),
  );
  expect(readFileSync(file, 'utf8')).toBe('earlier step\n## the run\n');
  expect(printed).toHaveLength(1);
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { writeSummaryFiles } from '../../reporting/report-files.ts';
import { outcomeOf, summaryWith } from '../support/summary-parts.ts';
import { tempFolder } from '../support/temp-folders.ts';

const summary = summaryWith({
  inProgress: true,
  selectedRules: ['billing.a', 'billing.b'],
  outcomes: [outcomeOf('billing.a', 'passed')],
});

test('junit.xml and summary.md are written before summary.json: a run killed between the writes never leaves a summary without them', () => {
  const folder = tempFolder('harness-report-files-');
  const paths = {
    junit: join(folder, 'junit.xml'),
    summaryMarkdown: join(folder, 'summary.md'),
    summary: join(folder, 'missing-folder', 'summary.json'),
  };
  // The last write fails (its folder does not exist), as a kill between the two would stop it.
  expect(() => writeSummaryFiles(paths, summary, () => 'statement')).toThrow();
  expect(existsSync(paths.summary)).toBe(false);
  expect(XMLValidator.validate(readFileSync(paths.junit, 'utf8'))).toBe(true);
  expect(readFileSync(paths.summaryMarkdown, 'utf8')).toContain('harness run');
  // Both written when nothing fails, whole.
  const whole = { ...paths, summary: join(folder, 'summary.json') };
  writeSummaryFiles(whole, summary, () => 'statement');
  expect(JSON.parse(readFileSync(whole.summary, 'utf8'))).toMatchObject({ target: 'staging', inProgress: true });
});

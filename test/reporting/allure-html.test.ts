import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildAllureHtml } from '../../reporting/allure-html.ts';
import { withoutTrackers } from '../../reporting/report-without-trackers.ts';
import { findChromium, pageRequests, renderedDom } from '../support/headless-chromium.ts';

const root = mkdtempSync(join(tmpdir(), 'harness-allure-html-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One passed test in Allure's result format, under an epic named for this generation. */
function writeResult(resultsDir: string, epic: string, name: string): void {
  mkdirSync(resultsDir, { recursive: true });
  const now = Date.now();
  const result = {
    uuid: randomUUID(),
    historyId: name,
    testCaseId: name,
    name,
    fullName: name,
    status: 'passed',
    stage: 'finished',
    start: now - 5,
    stop: now,
    labels: [
      { name: 'epic', value: epic },
      { name: 'story', value: name },
    ],
    steps: [],
    attachments: [],
    parameters: [],
  };
  writeFileSync(join(resultsDir, `${result.uuid}-result.json`), JSON.stringify(result));
}

test('the printed path is the report just made: one self-contained index.html at the root, a leftover report gone, history appended', async () => {
  const results = join(root, 'allure-results');
  const output = join(root, 'allure-report');
  const history = join(root, 'history', 'allure-history.jsonl');
  writeResult(results, 'first-generation', 'rule.one');
  const first = await buildAllureHtml({ resultsDir: results, outputDir: output, historyFile: history });
  // A stale file of an older report in the folder must not survive (nor keep the new report in a subfolder).
  writeFileSync(join(output, 'stale.txt'), 'old');
  rmSync(results, { recursive: true });
  writeResult(results, 'second-generation', 'rule.one');
  writeResult(results, 'second-generation', 'rule.two');
  const second = await buildAllureHtml({ resultsDir: results, outputDir: output, historyFile: history });

  expect(second).toBe(first);
  expect(second).toBe(join(output, 'index.html'));
  expect(readdirSync(output).filter((entry) => !entry.includes('.'))).toEqual([]);
  expect(existsSync(join(output, 'stale.txt'))).toBe(false);
  // Generated beside the report and published whole: no generation folder is left next to it.
  expect(readdirSync(root).filter((entry) => entry.startsWith('allure-report.generating-'))).toEqual([]);
  const html = readFileSync(second, 'utf8');
  // Single-file mode inlines the data: nothing is fetched from beside the page.
  expect(readdirSync(output).sort()).not.toContain('data');
  expect(html.length).toBeGreaterThan(10_000);
  expect(readFileSync(history, 'utf8').trim().split('\n')).toHaveLength(2);

  const chromium = findChromium();
  if (!chromium) {
    console.warn(
      'allure-html.test: no chromium on PATH (apt-get install -y chromium): the file:// rendering check is skipped',
    );
    return;
  }
  const dom = renderedDom(chromium, second);
  expect(dom, "the report rendered from file:// shows this generation's tree").toContain('second-generation');
  expect(dom).not.toContain('first-generation');
}, 120_000);

test('no results: a harness error naming the folder, and no report folder removed or made', async () => {
  const output = join(root, 'untouched');
  mkdirSync(output);
  writeFileSync(join(output, 'keep.txt'), 'x');
  await expect(buildAllureHtml({ resultsDir: join(root, 'missing'), outputDir: output })).rejects.toThrow(
    /No Allure results/,
  );
  expect(existsSync(join(output, 'keep.txt'))).toBe(true);
});

test("the report opened from disk asks no third party for anything (Allure's own analytics cut out)", async () => {
  const results = join(root, 'no-trackers-results');
  writeResult(results, 'offline', 'rule.offline');
  const index = await buildAllureHtml({ resultsDir: results, outputDir: join(root, 'no-trackers-report') });
  const html = readFileSync(index, 'utf8');
  expect(html).not.toMatch(/googletagmanager|gtag\(/);
  const chromium = findChromium();
  if (!chromium) {
    console.warn(
      'allure-html.test: no chromium on PATH (apt-get install -y chromium): the network check of the opened report is skipped',
    );
    return;
  }
  // The check can fail: the same page with Allure's analytics put back asks googletagmanager.com for its script.
  const tracked = join(root, 'tracked.html');
  writeFileSync(
    tracked,
    html.replace('</head>', '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script></head>'),
  );
  expect(pageRequests(chromium, tracked).some((url) => url.startsWith('https://www.googletagmanager.com/'))).toBe(true);
  expect(pageRequests(chromium, index).filter((url) => !/^(file|data|blob):/.test(url))).toEqual([]);
  expect(withoutTrackers(readFileSync(tracked, 'utf8'))).toBe(html);
}, 180_000);

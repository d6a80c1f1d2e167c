import { afterAll, expect, test } from 'vitest';
import { expectEveryRulePassed } from '../every-rule-judged.ts';
import { startDocumentPlatform, type DocumentPlatform } from './document-platform.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * Custody tokens reused late in a plain run (as the CI gate runs it): every file uses a token once as it starts
 * and memory.alone.suite.ts sends the oldest back after every other file. What the late token answers is
 * observed on custody.cursor.token-encoding, never judged: document 3 gives a token no lifetime.
 */

const lateKey = 'a token sent back late (observed: document 3 gives a token no lifetime)';
const platforms: DocumentPlatform[] = [];
afterAll(() => Promise.all(platforms.map((platform) => platform.close())));

// Against the reference an early token is sent back late: judged on the whole reference run
// (test/cli/reference-run.test.ts).
test.concurrent('a platform written to the document whose tokens expire passes every custody rule; the late refusal is observed', async () => {
  const platform = await startDocumentPlatform({}, { tokenLifetimeMs: 5000 });
  platforms.push(platform);
  // The nightly horizon makes the replay wait until the kept token is older than its lifetime.
  const targets = writeTargets({
    platform: { kind: 'url', lateMemoryMs: 6000, families: { custody: platform.section('PLATFORM_TOKEN') } },
  });
  const result = await runCli(
    ['run', '--targets', targets, '--target', 'platform', '--suite', 'custody', '--seed', '28', '--runs', '5'],
    { PLATFORM_TOKEN: platform.token },
  );
  // Every custody rule reported, and passed.
  const rules = expectEveryRulePassed(result, 'custody');
  const output = result.stdout.slice(-3000);
  expect(rules.find((one) => one.ruleId === 'custody.cursor.token-encoding')?.observations?.[lateKey], output).toEqual([
    expect.stringMatching(/asked again \d+\.\d s .*: refused 400 with E900-INVALID_CURSOR_DATA$/),
  ]);
  expect(result.code).toBe(0);
});

// Not concurrent: it runs after the expiring-token run, whose 5 s tokens must not wait behind it.
test('a platform whose pages hold at most 7 items whatever cursor.pageSize asks (short pages before the last) passes every custody rule; the short pages and the limit are observed', async () => {
  const platform = await startDocumentPlatform({}, { pageSizeLimit: 7 });
  platforms.push(platform);
  const targets = writeTargets({
    platform: { kind: 'url', families: { custody: platform.section('PLATFORM_TOKEN') } },
  });
  const result = await runCli(
    ['run', '--targets', targets, '--target', 'platform', '--suite', 'custody', '--seed', '28', '--runs', '5'],
    { PLATFORM_TOKEN: platform.token },
  );
  // Every custody rule reported, and passed.
  const rules = expectEveryRulePassed(result, 'custody');
  const output = result.stdout.slice(-3000);
  // The model and the walk back are judged too: they page at the limit the platform serves.
  expect(
    rules.map((rule) => rule.ruleId),
    output,
  ).toEqual(expect.arrayContaining(['custody.cursor.model', 'custody.cursor.walk-back', 'custody.cursor.page-size']));
  const observed = rules.find((rule) => rule.ruleId === 'custody.cursor.page-size')?.observations ?? {};
  expect(Object.keys(observed).join(' '), output).toContain('fewer than pageSize');
  const model = rules.find((rule) => rule.ruleId === 'custody.cursor.model')?.observations ?? {};
  expect(Object.values(model['page limit read from the pages served (observed)'] ?? {}), output).toContain(7);
  expect(result.code, output).toBe(0);
});

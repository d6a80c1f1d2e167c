import { afterAll, expect, test } from 'vitest';
import { startDocumentPlatform, type DocumentPlatform } from './document-platform.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * Issue 28, every genuine fault in one run: a custody platform written from document 3, part C (not the
 * reference; test/independent/custody/document-platform.ts), first without faults (it passes every custody rule),
 * then with five faults at once: each is reported by the rule that states it, and what is blocked names one
 * of those rules (a walk that loops cannot show that it is complete).
 */

const platforms: DocumentPlatform[] = [];
afterAll(() => Promise.all(platforms.map((platform) => platform.close())));

async function runAgainst(platform: DocumentPlatform) {
  platforms.push(platform);
  const targets = writeTargets({
    platform: { kind: 'url', families: { custody: platform.section('PLATFORM_TOKEN') } },
  });
  return runCli(
    ['run', '--targets', targets, '--target', 'platform', '--suite', 'custody', '--seed', '28', '--runs', '10'],
    { PLATFORM_TOKEN: platform.token },
  );
}

test.concurrent('the platform written to the document passes every custody rule', async () => {
  const result = await runAgainst(await startDocumentPlatform());
  expect(
    result
      .summary()
      .rules.filter((rule) => rule.status !== 'passed')
      .map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message}`),
    result.stdout.slice(-3000),
  ).toEqual([]);
  expect(result.code).toBe(0);
});

test.concurrent('five faults at once: each fails its own rule in one run, and only those rules block others', async () => {
  const result = await runAgainst(
    await startDocumentPlatform({
      tagsLoopOnThirdPage: true,
      tagsSecondPageNoPrevious: true,
      tagsAcceptForeignToken: true,
      upgradeAcceptsNumbers: true,
      bundlesWithoutAuth: true,
    }),
  );
  const output = result.stdout.slice(-4000);
  expect(result.code, output).toBe(1);
  const rules = result.summary().rules;
  const failed = Object.fromEntries(
    rules.filter((rule) => rule.status === 'failed').map((rule) => [rule.ruleId, rule.message ?? '']),
  );
  expect(Object.keys(failed).sort(), output).toEqual([
    'custody.auth.missing',
    'custody.cursor.flags',
    'custody.cursor.foreign-token',
    'custody.cursor.new-token',
    'custody.upgrade.string-fields',
  ]);
  expect(failed['custody.cursor.flags']).toMatch(/page 2 says hasPrevious false/);
  expect(failed['custody.cursor.new-token']).toMatch(/a second time/);
  expect(failed['custody.cursor.foreign-token']).toMatch(/E900-INVALID_CURSOR_DATA/);
  const blockers = new Set(rules.filter((rule) => rule.status === 'blocked').flatMap((rule) => rule.blockedBy ?? []));
  expect([...blockers].filter((ruleId) => !(ruleId in failed))).toEqual([]);
  expect(rules.filter((rule) => rule.status === 'broken')).toEqual([]);
});

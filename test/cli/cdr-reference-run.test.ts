import { expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

const cdr = familyByName('cdr');
if (!cdr) throw new Error('cdr is not registered');

// One end-to-end run through the real CLI against the bundled reference (a spawned target, its cdr section).
test('harness run --suite cdr against the bundled reference passes every cdr rule and reports what the document leaves open', async () => {
  const result = await runCli(['run', '--suite', 'cdr', '--seed', '7', '--runs', '10']);
  const verdicts = result.summary().rules.filter((rule) => rule.family === 'cdr');
  expect(verdicts.map((rule) => rule.ruleId).sort(), result.stdout.slice(-3000)).toEqual(
    cdr.rules.map((rule) => rule.id).sort(),
  );
  expect(verdicts.filter((rule) => rule.status !== 'passed')).toEqual([]);
  expect(result.code).toBe(0);
  const observed = (id: string) => verdicts.find((rule) => rule.ruleId === id)?.observations ?? {};
  // The x-v response header is judged by its own rule and shown beside the versions asked; the interaction id without
  // one sent is observed.
  expect(observed('cdr.x-v.served')['x-v response header']).toMatchObject({
    'list x-v 5': '5',
    'detail x-v 7': '7',
    'status x-v 1': '1',
  });
  expect(observed('cdr.list.envelope')['meta totals given as']).toBe('integer (the standard)');
  expect(observed('cdr.interaction-id.echo')).toHaveProperty('x-fapi-interaction-id returned when none is sent');
  // The reference reports each status in turn, so every branch of the status rules was met.
  expect(observed('cdr.status.explanation-when-not-ok')['statuses reported']).toBe(
    'OK, PARTIAL_FAILURE, SCHEDULED_OUTAGE, UNAVAILABLE',
  );
});

test('harness run against the reference in its older-versions mode (list x-v 3, detail x-v 4) passes every cdr rule, judged with those versions', async () => {
  const result = await runCli([
    'run',
    '--target',
    'reference-cdr-older-versions',
    '--suite',
    'cdr',
    '--seed',
    '7',
    '--runs',
    '10',
  ]);
  const verdicts = result.summary().rules.filter((rule) => rule.family === 'cdr');
  expect(
    verdicts.filter((rule) => rule.status !== 'passed'),
    result.stdout.slice(-3000),
  ).toEqual([]);
  expect(verdicts.find((rule) => rule.ruleId === 'cdr.product.list-item')?.observations?.['judged as']).toEqual([
    'list x-v 3',
  ]);
  expect(verdicts.find((rule) => rule.ruleId === 'cdr.product.detail')?.observations?.['judged as']).toEqual([
    'detail x-v 4',
  ]);
  expect(result.code).toBe(0);
});

import { afterAll, expect, test } from 'vitest';
import { expectEveryRulePassed } from '../every-rule-judged.ts';
import { startDocumentShortener, type DocumentShortener } from './document-service.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * The shortener suite against a service written from document 2, part D, not from the reference
 * (test/independent/shortener/document-service.ts): every rule passes, the JSON-labelled 200 included.
 */

let service: DocumentShortener | undefined;
afterAll(() => service?.close());

// It answers the entries in reverse order: the document states no order ("200 {mappings: list of shortenResponse}").
test('a shortener written to the document is conformant on every shortener rule', async () => {
  service = await startDocumentShortener({}, { answerOrder: 'reversed' });
  const targets = writeTargets({ service: { kind: 'url', families: { shortener: { baseUrl: service.baseUrl } } } });
  const result = await runCli([
    'run',
    '--targets',
    targets,
    '--target',
    'service',
    '--suite',
    'shortener',
    '--seed',
    '17',
    '--runs',
    '10',
    '--workers',
    '1',
  ]);
  const output = result.stdout.slice(-4000);
  expectEveryRulePassed(result, 'shortener');
  expect(result.code, output).toBe(0);
  const echo = result.summary().rules.find((rule) => rule.ruleId === 'shortener.mappings.one-per-entry-in-order');
  expect(echo?.observations?.order).toBe("another order than the request's");
});

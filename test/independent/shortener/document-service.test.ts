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

test('a shortener written to the document is conformant on every shortener rule', async () => {
  service = await startDocumentShortener();
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
});

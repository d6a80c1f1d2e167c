import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { noOperationAtBaseUrl } from '../../run/doctor-operations.ts';
import { type DocumentShortener, startDocumentShortener } from '../independent/shortener/document-service.ts';
import { runCli } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * doctor asks each operation path a family uses (a harmless request: the shortener's POST /mappings with a body that
 * is not an array), so a base URL that misses the document's base address is found before a run blocks on 404s; a
 * family the entry gives no credentials says so instead of "auth works".
 */

let shortener: DocumentShortener;
beforeAll(async () => (shortener = await startDocumentShortener()));
afterAll(() => shortener.close());

function targetsWithShortenerAt(baseUrl: string): string {
  const targets = join(tempFolder('harness-doctor-'), 'targets.json');
  writeFileSync(targets, JSON.stringify({ targets: { svc: { kind: 'url', families: { shortener: { baseUrl } } } } }));
  return targets;
}

test('a shortener base URL with a path appended after the base address: doctor says the base URL looks wrong, exit 2', async () => {
  const wrong = `${shortener.baseUrl}/shortener`;
  const result = await runCli(['doctor', '--targets', targetsWithShortenerAt(wrong), '--target', 'svc']);
  expect(result.code, result.stdout + result.stderr).toBe(2);
  expect(result.stdout).toContain(`base URL looks wrong: POST ${wrong}/mappings answered 404`);
  expect(result.stdout).not.toContain('OK:');
});

test('the right base URL: the operation answers (400 to a body that is not an array) and the family has no authentication', async () => {
  const result = await runCli(['doctor', '--targets', targetsWithShortenerAt(shortener.baseUrl), '--target', 'svc']);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toContain(`POST ${shortener.baseUrl}/mappings answered 400`);
  expect(result.stdout).toContain('no authentication in this family');
  expect(result.stdout).not.toContain('auth works: yes');
});

describe('noOperationAtBaseUrl', () => {
  const answers = (...notServed: (string | undefined)[]) => ({
    family: 'f',
    authenticated: true,
    answers: notServed.map((reason, index) => ({
      operation: `POST http://t/op${index}`,
      status: 404,
      ...(reason ? { notServed: reason } : {}),
    })),
  });
  test('every operation not served names each answer; one served, or none asked, is no mistake', () => {
    expect(noOperationAtBaseUrl(answers('answered 404', 'answered 405'))).toBe(
      'POST http://t/op0 answered 404; POST http://t/op1 answered 405',
    );
    expect(noOperationAtBaseUrl(answers('answered 404', undefined))).toBeUndefined();
    expect(noOperationAtBaseUrl(answers())).toBeUndefined();
  });
});

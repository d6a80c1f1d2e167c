import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { HarnessError } from '../../core/harness-error.ts';
import type { TargetsFileContents } from '../../targets/load-targets.ts';
import { tempFolder } from './temp-folders.ts';

/** Fixtures of target entries for the tests of reading a targets file and resolving a target from it. */

/** A folder for the test file's targets files, removed after the file (test/support/temp-folders.ts). */
export function targetsDir(): string {
  const dir = tempFolder('harness-targets-');
  return dir;
}

export function writeFileIn(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The HarnessError a call throws (sync or async), after checking its code. */
export async function harnessError(run: () => unknown, code: HarnessError['code']): Promise<HarnessError> {
  let thrown: unknown;
  try {
    await run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a HarnessError').toBeInstanceOf(HarnessError);
  expect((thrown as HarnessError).code).toBe(code);
  return thrown as HarnessError;
}

export const credentials = { clientId: '${CID}', clientSecret: '${CSECRET}' };
export const billingSection = { baseUrl: 'https://billing.example.test/billing', credentials };
/** A target entry with the billing section changed as given. */
export const withBilling = (changes: Record<string, unknown>) => ({
  kind: 'url',
  families: { billing: { ...billingSection, ...changes } },
});
/** What the ${VAR}s of `credentials` resolve from. */
export const env = { CID: 'c11e7d00-f00d-4000-8000-00000000e2b0', CSECRET: 'secret-from-env' };
export const urlTarget = { kind: 'url', families: { billing: billingSection } };

/** A targets file's contents as read from `dir`, with these entries. */
export function fileWith(
  dir: string,
  targets: Record<string, unknown>,
  defaultTarget = Object.keys(targets)[0] ?? 'reference',
): TargetsFileContents {
  return { path: join(dir, 'targets.json'), defaultTarget, rawTargets: targets };
}

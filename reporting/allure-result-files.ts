import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of an Allure result file the harness reads and sets after a test wrote it; the rest is kept. */
export interface AllureResultFile {
  start?: number;
  stop?: number;
  status?: string;
  statusDetails?: { message?: string; trace?: string };
  labels?: { name: string; value: string }[];
}

/** The Allure result files of a results folder, parsed (none when the folder is missing). */
export function readAllureResults(resultsDir: string): { path: string; result: AllureResultFile }[] {
  if (!existsSync(resultsDir)) return [];
  return readdirSync(resultsDir)
    .filter((file) => file.endsWith('-result.json'))
    .map((file) => {
      const path = join(resultsDir, file);
      return { path, result: JSON.parse(readFileSync(path, 'utf8')) as AllureResultFile };
    });
}

/**
 * Rewrites each result `rewrite` returns a new version of (undefined: left as it is), each in one step: a run killed
 * meanwhile leaves the whole file, old or new. Returns how many were rewritten.
 */
export function rewriteAllureResults(
  resultsDir: string,
  rewrite: (result: AllureResultFile) => AllureResultFile | undefined,
): number {
  let rewritten = 0;
  for (const { path, result } of readAllureResults(resultsDir)) {
    const changed = rewrite(result);
    if (!changed) continue;
    writeFileSync(`${path}.tmp`, JSON.stringify(changed));
    renameSync(`${path}.tmp`, path);
    rewritten++;
  }
  return rewritten;
}

/** The value of a result's label, if it has it. */
export const labelOf = (result: AllureResultFile, name: string) =>
  result.labels?.find((label) => label.name === name)?.value;

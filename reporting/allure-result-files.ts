import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of an Allure result file the harness reads (the HTML report's duration, its labels). */
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

/** The value of a result's label, if it has it. */
export const labelOf = (result: AllureResultFile, name: string) =>
  result.labels?.find((label) => label.name === name)?.value;

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folders this test file made in the OS temp dir, removed after it (test/support/remove-temp-folders.ts). */
const made = new Set<string>();

/**
 * A fresh folder in the OS temp dir that lives until the test file ends: tests read a run's reports after the
 * run, so a folder is kept until then, and removed so a self-test run leaves no folders behind.
 */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.add(folder);
  return folder;
}

/** Removes every folder tempFolder made so far; a child still writing in one does not fail the file. */
export function removeTempFolders(): void {
  for (const folder of made) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}

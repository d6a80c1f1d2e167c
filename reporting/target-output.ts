import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * When a rule failed, what the target itself printed (a container's log, a command's output) often says why:
 * it is written beside the summary and attached to every failed or broken test of the Allure results. The
 * lines come redacted from the launcher.
 */
export function attachTargetOutput(
  paths: { allureResults: string; targetOutput: string },
  lines: readonly string[],
  targetName: string,
): void {
  if (lines.length === 0) return;
  const text = `${lines.join('\n')}\n`;
  writeFileSync(paths.targetOutput, text);
  let results: string[];
  try {
    results = readdirSync(paths.allureResults).filter((file) => file.endsWith('-result.json'));
  } catch {
    return;
  }
  for (const file of results) {
    const path = join(paths.allureResults, file);
    const result = JSON.parse(readFileSync(path, 'utf8')) as { status?: string; attachments?: unknown[] };
    if (result.status !== 'failed' && result.status !== 'broken') continue;
    const source = `${randomUUID()}-attachment.txt`;
    writeFileSync(join(paths.allureResults, source), text);
    result.attachments = [
      ...(result.attachments ?? []),
      { name: `target ${targetName}: its last ${lines.length} output lines`, source, type: 'text/plain' },
    ];
    writeFileSync(path, JSON.stringify(result));
  }
}

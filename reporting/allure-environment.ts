import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Java-properties escaping (what Allure's reader parses): a key or value stays on one line and keeps its `=` and `:`.
 */
function escapeProperty(text: string, isKey: boolean): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return isKey ? escaped.replace(/([=: ])/g, '\\$1') : escaped;
}

export function environmentProperties(facts: Readonly<Record<string, string>>): string {
  return `${Object.entries(facts)
    .map(([key, value]) => `${escapeProperty(key, true)}=${escapeProperty(value, false)}`)
    .join('\n')}\n`;
}

/** The report's "Environment" panel: `environment.properties` beside the results, read by `allure generate`. */
export function writeAllureEnvironment(resultsDir: string, facts: Readonly<Record<string, string>>): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'environment.properties'), environmentProperties(facts));
}

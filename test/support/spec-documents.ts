import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * The spec documents the rules cite live beside the checkout (../shared/spec), or where HARNESS_SPEC_DIR says; tests
 * that read them skip, saying why, where neither is there.
 */

/** The folder of the spec documents, or undefined when none is found. */
export function findSpecDir(): string | undefined {
  if (process.env.HARNESS_SPEC_DIR) return process.env.HARNESS_SPEC_DIR;
  for (let dir = join(import.meta.dirname, '..', '..'); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dirname(dir), 'shared', 'spec');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The text of spec document `number` ("1", "2", "3") in `specDir`, or undefined. */
export function specDocumentText(specDir: string, number: string): string | undefined {
  const file = readdirSync(specDir).find((name) => name.startsWith(`${number}-`) && name.endsWith('.md'));
  return file ? readFileSync(join(specDir, file), 'utf8') : undefined;
}

/** The number a rule's `source.document` names ("... (spec document 2), part D ..." -> "2"). */
export const specDocumentNumber = (document: string) => /spec document (\d+)/i.exec(document)?.[1];

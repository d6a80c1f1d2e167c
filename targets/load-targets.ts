import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { formatIssues } from './format-issues.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { TargetEntry } from './schema.ts';
import { jsonErrorLocation } from '../core/json-position.ts';

/** targets.json before any target is chosen: the top level is checked, each target only when chosen. */
const targetsFileShape = z
  .object({
    $schema: z.string().optional(),
    default: z.string().default('reference'),
    targets: z.record(
      z.string().regex(/^[A-Za-z0-9._-]+$/, { error: 'target names use letters, digits, . _ -' }),
      z.unknown(),
    ),
  })
  .strict();

export interface TargetsFileContents {
  path: string;
  defaultTarget: string;
  rawTargets: Record<string, unknown>;
}

/** A chosen target with every placeholder filled and every default applied. */
export interface ResolvedTarget {
  name: string;
  entry: TargetEntry;
  /** The port chosen for {port}, when the entry uses one. */
  port?: number;
}

export function readTargetsFile(path: string): TargetsFileContents {
  const absolute = resolve(path);
  if (!existsSync(absolute)) {
    throw new HarnessError(
      'CONFIG_NOT_FOUND',
      `No targets file at ${absolute}`,
      'pass --targets FILE, or run from a folder with a targets.json',
    );
  }
  let json: unknown;
  const text = readFileSync(absolute, 'utf8');
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = jsonErrorLocation(text, message);
    throw new HarnessError(
      'CONFIG_INVALID',
      `${absolute}${at ? `:${at.line}:${at.column}` : ''} is not valid JSON: ${message.replace(/ in JSON at position \d+.*$/s, '')}${at ? ` (line ${at.line}, column ${at.column})` : ''}`,
      'fix the JSON syntax at the line and column named (a trailing comma, a missing quote or bracket)',
    );
  }
  const parsed = targetsFileShape.safeParse(json);
  if (!parsed.success) {
    throw new HarnessError(
      'CONFIG_INVALID',
      `${absolute} is invalid:\n${formatIssues(targetsFileShape, parsed.error.issues).join('\n')}`,
    );
  }
  return { path: absolute, defaultTarget: parsed.data.default, rawTargets: parsed.data.targets };
}

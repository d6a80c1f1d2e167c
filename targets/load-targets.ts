import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { allRules, families } from '../families/index.ts';
import { didYouMean } from './did-you-mean.ts';
import { formatIssues } from './format-issues.ts';
import { freePort } from './free-port.ts';
import { HarnessError } from './harness-error.ts';
import { fillEnvPlaceholders, fillToken, formatKeyPath, mentionsToken } from './placeholders.ts';
import { type TargetEntry, targetSchemaFor } from './schema.ts';

/** targets.json before any target is chosen: the top level is checked, each target only when chosen. */
const targetsFileShape = z
  .object({
    $schema: z.string().optional(),
    default: z.string().default('reference'),
    targets: z.record(z.string().regex(/^[A-Za-z0-9._-]+$/, { error: 'target names use letters, digits, . _ -' }), z.unknown()),
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
    throw new HarnessError('CONFIG_NOT_FOUND', `No targets file at ${absolute}`, 'pass --targets FILE, or run from a folder with a targets.json');
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(absolute, 'utf8'));
  } catch (error) {
    throw new HarnessError('CONFIG_INVALID', `${absolute} is not valid JSON: ${(error as Error).message}`, 'fix the JSON syntax at the position named');
  }
  const parsed = targetsFileShape.safeParse(json);
  if (!parsed.success) {
    throw new HarnessError('CONFIG_INVALID', `${absolute} is invalid:\n${formatIssues(targetsFileShape, parsed.error.issues).join('\n')}`);
  }
  return { path: absolute, defaultTarget: parsed.data.default, rawTargets: parsed.data.targets };
}

/**
 * Chooses a target, fills ${VAR} from the environment and {port} with a free port, then validates it.
 * Errors name the key path and the fix.
 */
export async function resolveTarget(file: TargetsFileContents, name: string | undefined, env: NodeJS.ProcessEnv): Promise<ResolvedTarget> {
  const chosen = name ?? file.defaultTarget;
  const raw = file.rawTargets[chosen];
  if (raw === undefined) {
    const names = Object.keys(file.rawTargets);
    const guess = didYouMean(chosen, names);
    throw new HarnessError(
      'TARGET_UNKNOWN',
      `No target named "${chosen}" in ${file.path}${guess ? ` (did you mean "${guess}"?)` : ''}`,
      `use one of: ${names.join(', ') || '(none defined)'}`,
    );
  }
  let filled = fillEnvPlaceholders(raw, env, ['targets', chosen]);
  let port: number | undefined;
  if (mentionsToken(filled, 'port')) {
    port = await freePort();
    filled = fillToken(filled, 'port', String(port));
  }
  const schema = targetSchemaFor(families());
  const parsed = schema.safeParse(filled);
  if (!parsed.success) {
    throw new HarnessError('CONFIG_INVALID', `${file.path} is invalid:\n${formatIssues(schema, parsed.error.issues, ['targets', chosen]).join('\n')}`);
  }
  const entry = parsed.data as TargetEntry;
  checkReferences(entry, chosen);
  return port === undefined ? { name: chosen, entry } : { name: chosen, entry, port };
}

function checkReferences(entry: TargetEntry, name: string): void {
  for (const family of families()) {
    const section = entry.families[family.name];
    const problem = section === undefined ? undefined : family.validateSection?.(section);
    if (problem) {
      const where = formatKeyPath(['targets', name, 'families', family.name, ...problem.key]);
      throw new HarnessError('CONFIG_INVALID', `${where}: ${problem.message}`, problem.fix);
    }
  }
  const ruleIds = allRules().map((rule) => rule.id);
  entry.waivers.forEach((waiver, index) => {
    if (!ruleIds.includes(waiver.rule)) {
      const guess = didYouMean(waiver.rule, ruleIds);
      throw new HarnessError(
        'CONFIG_INVALID',
        `targets.${name}.waivers[${index}].rule: no rule "${waiver.rule}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
        'use a rule id from `harness rules`',
      );
    }
  });
}

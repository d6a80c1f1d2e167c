import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { families } from '../families/index.ts';
import { type SkeletonNeed, sectionSkeleton } from '../families/section-skeleton.ts';
import { HarnessError } from '../core/harness-error.ts';
import { insertTargetEntry } from './init-insert-entry.ts';
import { packageRoot } from './paths.ts';
import { familiesNamed } from './select-families.ts';

export interface InitOptions {
  /** The targets file to write or add to. */
  targetsFile: string;
  /** The new entry's name. */
  name: string;
  /** Families of the entry. Default: every registered family. */
  families?: string[];
  /**
   * The base URL of the service's operations, when known: written as given (a trailing slash aside) as the baseUrl of
   * each chosen family instead of a placeholder. Each family's operation paths are relative to it (the shortener's
   * POST BASE/mappings); nothing is appended.
   */
  url?: string;
  /**
   * Values to write, each `FAMILY.KEY.PATH=VALUE` (VALUE read as JSON when it is JSON, else as text; a `${VAR}` stays
   * a placeholder): what init cannot know, given as flags instead of edited in afterwards.
   */
  set?: readonly string[];
}

export interface InitResult {
  targetsFile: string;
  entry: Record<string, unknown>;
  needs: SkeletonNeed[];
}

/** The file's text as it is (an entry is added to it), or undefined when there is none yet. */
function existingTargets(path: string, name: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  let file: { targets?: Record<string, unknown> };
  try {
    file = JSON.parse(text) as typeof file;
  } catch (error) {
    throw new HarnessError(
      'CONFIG_INVALID',
      `${path} is not JSON: ${(error as Error).message}`,
      'fix the file, or pass --targets NEW_FILE',
    );
  }
  if (!file.targets || typeof file.targets !== 'object' || Array.isArray(file.targets))
    throw new HarnessError(
      'CONFIG_INVALID',
      `${path} has no "targets" object`,
      'fix the file, or pass --targets NEW_FILE',
    );
  if (name in file.targets)
    throw new HarnessError('USAGE', `${path} already has a target named "${name}"`, 'pass --name with another name');
  return text;
}

/** `--set FAMILY.KEY.PATH=VALUE`, read: the family (one of the entry's), the key path and the value. */
function parsedAssignment(
  assignment: string,
  sections: Record<string, unknown>,
): { family: string; path: string[]; value: unknown } {
  const equals = assignment.indexOf('=');
  const [family, ...path] = (equals === -1 ? assignment : assignment.slice(0, equals)).split('.');
  if (equals === -1 || !family || path.length === 0 || path.some((part) => part === ''))
    throw new HarnessError(
      'USAGE',
      `--set ${assignment}: expected FAMILY.KEY=VALUE`,
      'e.g. --set loyalty.mac.id=client-7',
    );
  if (!(family in sections))
    throw new HarnessError(
      'USAGE',
      `--set ${assignment}: ${family} is no family of the entry`,
      `use one of: ${Object.keys(sections).join(', ')} (or add it with --family)`,
    );
  const text = assignment.slice(equals + 1);
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Text, as written.
  }
  return { family, path, value };
}

/** Sets the value at the key path, making the objects on the way. */
function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [key, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    target[key] = value;
    return;
  }
  const inner = target[key];
  const next = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  target[key] = next;
  setAt(next, rest, value);
}

/**
 * `harness init`: writes a `url` target entry for the chosen families with every required key, secrets and
 * ids as ${VAR} placeholders, and returns what each placeholder and value needs (`harness doctor` then says
 * which are still missing).
 */
export function initTargets(options: InitOptions): InitResult {
  const chosen = options.families?.length ? familiesNamed(options.families) : families();
  const path = resolve(options.targetsFile);
  const file = existingTargets(path, options.name);
  const entryPath = `targets.${options.name}`;
  let needs: SkeletonNeed[] = [];
  const sections = Object.fromEntries(
    chosen.map((family) => {
      const skeleton = sectionSkeleton(family, entryPath);
      const section = skeleton.section as Record<string, unknown>;
      const knownBase = options.url && 'baseUrl' in section ? { baseUrl: options.url.replace(/\/$/, '') } : {};
      needs.push(
        ...skeleton.needs.filter((need) => !(knownBase.baseUrl && need.key.endsWith(`.${family.name}.baseUrl`))),
      );
      return [family.name, { ...section, ...knownBase }];
    }),
  );
  for (const assignment of options.set ?? []) {
    const { family, path: keyPath, value } = parsedAssignment(assignment, sections);
    setAt(sections[family] as Record<string, unknown>, keyPath, value);
    const key = `${entryPath}.families.${family}.${keyPath.join('.')}`;
    // What a flag set needs nothing more (a placeholder it writes is the user's own variable).
    needs = needs.filter((need) => need.key !== key && !need.key.startsWith(`${key}.`));
  }
  const entry = {
    kind: 'url',
    description: `Written by harness init: ${chosen.map((family) => family.name).join(', ')}`,
    families: sections,
  };
  const schemaPath = relative(resolve(path, '..'), resolve(packageRoot, 'targets.schema.json'));
  const written = file
    ? insertTargetEntry(file, options.name, entry)
    : `${JSON.stringify({ $schema: schemaPath, default: options.name, targets: { [options.name]: entry } }, null, 2)}\n`;
  writeFileSync(path, written);
  return { targetsFile: path, entry, needs };
}

/** What the user reads after init: the file, then each placeholder and value to set, then the next command. */
export function renderInitResult(result: InitResult, name: string): string {
  const secrets = result.needs.filter((need) => need.variable && need.secret);
  const variables = result.needs.filter((need) => need.variable && !need.secret);
  const values = result.needs.filter((need) => !need.variable);
  const lines = [
    `harness init: added target "${name}" to ${result.targetsFile}:`,
    '',
    `${JSON.stringify(name)}: ${JSON.stringify(result.entry, null, 2)}`,
    '',
  ];
  const variableLines = (title: string, listed: readonly SkeletonNeed[]) =>
    listed.length ? [title, ...listed.map((need) => `  ${need.variable}  (${need.key}): ${need.needs}`), ''] : [];
  lines.push(
    ...variableLines('Export these secrets (never write them into the file):', secrets),
    ...variableLines('Write these values into the file (none is a secret), or export the variables:', variables),
  );
  if (values.length)
    lines.push('Check these values in the file:', ...values.map((need) => `  ${need.key}: ${need.needs}`), '');
  lines.push(
    `Then: harness doctor --targets ${result.targetsFile} --target ${name}   (says what is still missing)`,
    '',
    `What the target must remember (nonces, order ids, vanity paths, Idempotency-Keys) is asked again only as late as a`,
    'run lasts: a CI gate of seconds never notices a service that forgets after a minute. Run a nightly job with',
    `  harness run --targets ${result.targetsFile} --target ${name} --sequences 2000 --late-memory 10m`,
    'and keep its failing sequences (the entry\'s "counterexamples" folder): every later run tries them first.',
  );
  return lines.join('\n');
}

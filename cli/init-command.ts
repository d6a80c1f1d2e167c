import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { families } from '../families/index.ts';
import type { FamilyModule } from '../families/family.ts';
import { type SkeletonDefault, type SkeletonNeed, sectionSkeleton } from '../families/section-skeleton.ts';
import { HarnessError } from '../core/harness-error.ts';
import { applyAssignments } from './init-assignment.ts';
import { insertTargetEntry } from './init-insert-entry.ts';
import { packageRoot } from '../run/paths.ts';
import { familiesNamed } from '../run/select-families.ts';

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

/** What init will write, before it writes: the file as it is, the entry and what is left to give. */
export interface InitDraft {
  /** The targets file, resolved. */
  targetsFile: string;
  /** Its text when it exists (the entry is added to it). */
  existing: string | undefined;
  name: string;
  families: readonly FamilyModule[];
  /** The families' sections, --url and --set applied. */
  sections: Record<string, Record<string, unknown>>;
  /** What each key still to give needs (a flag's keys left out). */
  needs: SkeletonNeed[];
  /** The documented defaults written out (a flag's keys left out). */
  defaults: SkeletonDefault[];
}

/** Whether a key is the one a flag set, or under it, and so needs nothing more. */
const isUnder = (key: string, setKey: string) => key === setKey || key.startsWith(`${setKey}.`);

/**
 * The entry `harness init` writes for the chosen families, with every required key, secrets and ids as ${VAR}
 * placeholders, --url and each --set applied (each checked against its family's schema), and what each
 * placeholder and value needs; nothing is written yet. A targets file that is no targets file, or a name it already
 * has, is an error here, before anything is asked.
 */
export function draftInit(options: InitOptions): InitDraft {
  const chosen = options.families?.length ? familiesNamed(options.families) : families();
  const targetsFile = resolve(options.targetsFile);
  const existing = existingTargets(targetsFile, options.name);
  const entryPath = `targets.${options.name}`;
  let needs: SkeletonNeed[] = [];
  let defaults: SkeletonDefault[] = [];
  const sections = Object.fromEntries(
    chosen.map((family) => {
      const skeleton = sectionSkeleton(family, entryPath);
      const section = skeleton.section as Record<string, unknown>;
      const knownBase = options.url && 'baseUrl' in section ? { baseUrl: options.url.replace(/\/$/, '') } : {};
      needs.push(
        ...skeleton.needs.filter((need) => !(knownBase.baseUrl && need.key.endsWith(`.${family.name}.baseUrl`))),
      );
      defaults.push(...skeleton.defaults);
      return [family.name, { ...section, ...knownBase }];
    }),
  );
  for (const { family, path: keyPath } of applyAssignments(chosen, sections, options.set ?? [], [
    'targets',
    options.name,
  ])) {
    const key = `${entryPath}.families.${family}.${keyPath.join('.')}`;
    // What a flag set needs nothing more (a placeholder it writes is the user's own variable).
    needs = needs.filter((need) => !isUnder(need.key, key));
    defaults = defaults.filter((written) => !isUnder(written.key, key));
  }
  return { targetsFile, existing, name: options.name, families: chosen, sections, needs, defaults };
}

/** Writes the drafted entry into its targets file (a new file, or added to the one there). */
export function writeInit(draft: InitDraft): InitResult {
  const entry = {
    kind: 'url',
    description: `Written by harness init: ${draft.families.map((family) => family.name).join(', ')}`,
    families: draft.sections,
  };
  const schemaPath = relative(resolve(draft.targetsFile, '..'), resolve(packageRoot, 'targets.schema.json'));
  const written = draft.existing
    ? insertTargetEntry(draft.existing, draft.name, entry)
    : `${JSON.stringify({ $schema: schemaPath, default: draft.name, targets: { [draft.name]: entry } }, null, 2)}\n`;
  writeFileSync(draft.targetsFile, written);
  return { targetsFile: draft.targetsFile, entry, needs: draft.needs };
}

/**
 * `harness init` without questions: writes the drafted entry and returns what each placeholder and value needs
 * (`harness doctor` then says which are still missing).
 */
export function initTargets(options: InitOptions): InitResult {
  return writeInit(draftInit(options));
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

import type { z } from 'zod';
import { HarnessError } from '../core/harness-error.ts';
import type { FamilyModule } from '../families/family.ts';
import { formatIssues } from '../targets/format-issues.ts';

/*
 * One `FAMILY.KEY.PATH=VALUE` of `harness init`, from --set or from an answer at a terminal question: read, checked
 * against the family's section schema at that key, and written into the section.
 */

/** An assignment read: the family (one of the entry's), the key path in its section and the value. */
export interface Assignment {
  family: string;
  path: string[];
  value: unknown;
}

const isPlaceholder = (value: unknown) => typeof value === 'string' && /^\$\{[^}]+\}$/.test(value);

/** `FAMILY.KEY.PATH=VALUE`, read: VALUE as JSON when it is JSON, else as text (a `${VAR}` stays a placeholder). */
export function parsedAssignment(assignment: string, familyNames: readonly string[]): Assignment {
  const equals = assignment.indexOf('=');
  const [family, ...path] = (equals === -1 ? assignment : assignment.slice(0, equals)).split('.');
  if (equals === -1 || !family || path.length === 0 || path.some((part) => part === ''))
    throw new HarnessError(
      'USAGE',
      `--set ${assignment}: expected FAMILY.KEY=VALUE`,
      'e.g. --set loyalty.mac.id=client-7',
    );
  if (!familyNames.includes(family))
    throw new HarnessError(
      'USAGE',
      `--set ${assignment}: ${family} is no family of the entry`,
      `use one of: ${familyNames.join(', ')} (or add it with --family)`,
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
export function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
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

/** The value at a key path, or undefined where the path leads nowhere. */
export const valueAt = (section: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((inner, part) => (inner as Record<PropertyKey, unknown> | undefined)?.[part], section);

const startsWith = (path: readonly PropertyKey[], prefix: readonly PropertyKey[]) =>
  prefix.every((part, index) => String(path[index]) === String(part));

type SectionFamily = Pick<FamilyModule, 'name' | 'section' | 'configFixes'>;

/** Whether a zod issue is about the assignment's key: at it or under it, or its key unknown to the object above it. */
const isAbout = (issue: z.core.$ZodIssue, assignment: Assignment, section: unknown) =>
  (startsWith(issue.path, assignment.path) && !isPlaceholder(valueAt(section, issue.path))) ||
  (issue.code === 'unrecognized_keys' &&
    startsWith(assignment.path, issue.path) &&
    issue.keys.includes(String(assignment.path[issue.path.length])));

/**
 * What the family's section schema finds wrong with the section at the assignments' keys, in the words of a config
 * error (the key, zod's message, the family's fix): the issues at each key or under it, and an unknown key. A
 * placeholder is the user's own variable, checked once it is set. Empty when the values fit.
 */
function issuesAt(
  family: SectionFamily,
  section: Record<string, unknown>,
  assignments: readonly Assignment[],
  entryPath: readonly string[],
  { refinements }: { refinements: boolean },
): string[] {
  const parsed = family.section.safeParse(section);
  if (parsed.success) return [];
  const mine = parsed.error.issues.filter(
    (issue) =>
      (refinements || issue.code !== 'custom') && assignments.some((assignment) => isAbout(issue, assignment, section)),
  );
  return formatIssues(family.section, mine, [...entryPath, 'families', family.name], {
    [family.name]: family.configFixes,
  });
}

/**
 * Writes every assignment into its family's section, then checks each against its family's schema with all of them
 * in (a refinement may relate two keys set together); throws a USAGE error naming each key and its fix.
 */
export function applyAssignments(
  families: readonly SectionFamily[],
  sections: Record<string, Record<string, unknown>>,
  assignments: readonly string[],
  entryPath: readonly string[],
): Assignment[] {
  const read = assignments.map((assignment) => parsedAssignment(assignment, Object.keys(sections)));
  for (const { family, path, value } of read) setAt(sections[family] as Record<string, unknown>, path, value);
  const issues = families.flatMap((family) =>
    issuesAt(
      family,
      sections[family.name] ?? {},
      read.filter((assignment) => assignment.family === family.name),
      entryPath,
      { refinements: true },
    ),
  );
  if (issues.length)
    throw new HarnessError(
      'USAGE',
      `a value given does not fit its key: ${issues.length === 1 ? issues[0] : `\n  ${issues.join('\n  ')}`}`,
      'give each key a value it takes (with --set, or as the answer to its question)',
    );
  return read;
}

/**
 * What is wrong with one answer, as --set would find it, or undefined when it fits. A refinement relating keys is
 * left to the end (a later answer may be what it needs), when every answer is applied as a --set.
 */
export function assignmentProblem(
  families: readonly SectionFamily[],
  sections: Record<string, Record<string, unknown>>,
  assignment: string,
  entryPath: readonly string[],
): string | undefined {
  try {
    const read = parsedAssignment(assignment, Object.keys(sections));
    const family = families.find((candidate) => candidate.name === read.family);
    const section = structuredClone(sections[read.family] ?? {});
    setAt(section, read.path, read.value);
    const issues = family ? issuesAt(family, section, [read], entryPath, { refinements: false }) : [];
    return issues.length ? issues.join('; ') : undefined;
  } catch (error) {
    if (error instanceof HarnessError) return error.message;
    throw error;
  }
}

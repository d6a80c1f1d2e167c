import type { z } from 'zod';
import { didYouMean } from '../core/did-you-mean.ts';
import { formatKeyPath, type KeyPath } from './placeholders.ts';

/** What to do about an invalid key of a target entry, by the key's name; families add their own. */
const targetFixes: Record<string, string> = {
  kind: 'use "url" for a running target or "command" for one the harness starts',
  command: 'give the argv as an array of strings, e.g. ["node", "server.js", "--port", "{port}"]',
  ready: 'give "stdoutMatches" (a regular expression) or "httpGet" (a URL)',
  rule: 'use a rule id from `harness rules`',
  reason: 'say why the rule is waived',
  families:
    'give one section per interface the target serves, e.g. "families": { "billing": { "baseUrl": ..., "credentials": ... } }',
};

/** Target-level keys of the earlier file format, which now live in a family's section. */
const movedToFamilySection = new Set(['baseUrls', 'credentials', 'tenant', 'adapter', 'expectations']);

/** What to do about an invalid key of a family's section, by family name and then key name. */
export type FamilyConfigFixes = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

/** The fix for a key at a path: the family's own when the key sits in a family's section. */
function fixFor(path: readonly (string | number)[], key: string, familyFixes: FamilyConfigFixes): string | undefined {
  const familyAt = path.indexOf('families');
  const family = familyAt >= 0 ? familyFixes[String(path[familyAt + 1])] : undefined;
  return family?.[key] ?? targetFixes[key];
}

/** The schema node at a key path (undefined where the path leaves the schema). */
function schemaAt(schema: z.ZodType, path: KeyPath): unknown {
  let current: unknown = schema;
  for (const part of path) {
    current = unwrap(current);
    const def = (
      current as { def?: { type?: string; shape?: Record<string, unknown>; valueType?: unknown; options?: unknown[] } }
    ).def;
    if (def?.type === 'object' && def.shape) current = def.shape[String(part)];
    else if (def?.type === 'record') current = def.valueType;
    // A target entry is a union of kinds: descend into the first kind that has the key.
    else if (def?.type === 'union')
      current = (def.options ?? [])
        .map((option) => (unwrap(option) as { def?: { shape?: Record<string, unknown> } }).def?.shape?.[String(part)])
        .find(Boolean);
    else return undefined;
  }
  return current;
}

function knownKeysAt(schema: z.ZodType, path: KeyPath): string[] {
  const def = (
    unwrap(schemaAt(schema, path)) as {
      def?: {
        type?: string;
        shape?: Record<string, unknown>;
        options?: { def?: { shape?: Record<string, unknown> } }[];
      };
    }
  ).def;
  if (def?.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def?.type === 'union')
    return [...new Set((def.options ?? []).flatMap((option) => Object.keys(option.def?.shape ?? {})))];
  return [];
}

type UnionNode = { def?: { type?: string; options?: unknown[] } };
type LiteralNode = { def?: { type?: string; values?: unknown[] } };

/**
 * The kinds of entry (a union's options, each with a literal `kind`) that take `key` at the union at `path`: a key of
 * a command entry given to a URL entry is no typo, and names its kind.
 */
function kindsTaking(schema: z.ZodType, path: KeyPath, key: string): string[] {
  const union = (unwrap(schemaAt(schema, path)) as UnionNode).def;
  if (union?.type !== 'union') return [];
  return (union.options ?? []).flatMap((option) => {
    const shape = (unwrap(option) as { def?: { shape?: Record<string, unknown> } }).def?.shape ?? {};
    if (!(key in shape)) return [];
    const kind = (unwrap(shape.kind) as LiteralNode).def;
    return kind?.type === 'literal' ? (kind.values ?? []).map(String) : [];
  });
}

function unwrap(schema: unknown): unknown {
  let current = schema as
    | { def?: { type?: string; innerType?: unknown; in?: unknown; options?: unknown[] } }
    | undefined;
  while (current?.def && ['default', 'optional', 'nullable', 'pipe'].includes(current.def.type ?? '')) {
    current = (current.def.innerType ?? current.def.in) as typeof current;
  }
  return current;
}

/** One line per zod issue: the key path, zod's message, and the fix or the likely intended key. */
export function formatIssues(
  schema: z.ZodType,
  issues: readonly z.core.$ZodIssue[],
  basePath: KeyPath = [],
  familyFixes: FamilyConfigFixes = {},
): string[] {
  return issues.map((issue) => {
    const path = [...basePath, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))];
    const where = formatKeyPath(path) || '(top level)';
    if (issue.code === 'unrecognized_keys') {
      const issuePath = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
      const known = knownKeysAt(schema, issuePath);
      return issue.keys
        .map((key) => {
          if (movedToFamilySection.has(key) && known.includes('families')) {
            return `${where}: "${key}" is no longer a target-level key (fix: move it into the family's section, e.g. "families": { "billing": { "baseUrl", "credentials", "tenant", "adapter", "expectations" } })`;
          }
          const kinds = known.includes(key) ? kindsTaking(schema, issuePath, key) : [];
          if (kinds.length)
            return `${where}: "${key}" is a key of an entry of kind ${kinds.map((kind) => `"${kind}"`).join(' or ')}, not of this entry's kind (fix: remove it, or set "kind": "${kinds[0]}")`;
          const guess = didYouMean(key, known);
          return `${where}: unknown key "${key}"${guess ? ` (did you mean "${guess}"?)` : ''}${known.length ? `; known keys: ${known.join(', ')}` : ''}`;
        })
        .join('\n');
    }
    if (issue.code === 'invalid_key') {
      // zod reports a bad record key generically; the key schema's own message is inside.
      return `${where}: ${issue.issues.map((inner) => inner.message).join('; ')}`;
    }
    const last = path.filter((part): part is string => typeof part === 'string').at(-1) ?? '';
    const fix = fixFor(path, last, familyFixes);
    return `${where}: ${issue.message}${fix ? ` (fix: ${fix})` : ''}`;
  });
}

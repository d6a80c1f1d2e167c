import { z } from 'zod';
import { isSecretEntryKey } from '../core/redaction.ts';
import type { FamilyModule } from './family.ts';

/** What a key of a written skeleton needs from the user: the placeholder (or value to change) and why. */
export interface SkeletonNeed {
  /** targets.<name>.families.<family>.<key path> */
  key: string;
  /** The ${VAR} to export, when the value is a placeholder. */
  variable?: string;
  /** What to give: the family's own fix for the key, else what the schema wants. */
  needs: string;
  /** The placeholder stands for a secret (a key, secret, token, password): exported, never written into the file. */
  secret?: boolean;
  /** The values the key takes, when the schema lists them (an enumeration, a flag's true and false). */
  choices?: readonly unknown[];
}

/** A key written out as its documented default, and what the family says to give there (when it says). */
export interface SkeletonDefault {
  /** targets.<name>.families.<family>.<key path> */
  key: string;
  /** The documented default, as written. */
  value: unknown;
  /** The family's own fix for the key: present when the value is the service's to decide (a tenancy, a recipe). */
  needs?: string;
  /** The values the key takes, when the schema lists them. */
  choices?: readonly unknown[];
}

interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  /** Optional keys `harness init` writes too (a section's `.meta({ initKeys })`): those a refinement asks for. */
  initKeys?: string[];
}

const variableOf = (path: readonly string[]) =>
  path
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_'))
    .join('_')
    .toUpperCase();

const isValue = (value: unknown) => value === null || typeof value !== 'object';
const isValueList = (value: unknown) => Array.isArray(value) && value.every(isValue);

/**
 * A documented default written out as it is, so the entry shows it: a value, a list of values, or an object of those
 * (a tenant's modes); larger defaults (nested settings) stay implicit.
 */
const isLeafDefault = (value: unknown) =>
  value !== undefined &&
  (isValue(value) ||
    isValueList(value) ||
    (typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.values(value as object).every((inner) => isValue(inner) || isValueList(inner))));

/**
 * A family's section with every required key (what `harness init` writes): strings as ${VAR} placeholders
 * named after the key, the first value of an enumeration, false for a flag, the lowest number allowed, one
 * item for a list that needs one; and, beside them in each object written, every key with a documented default of a
 * value or a list of values, written out as that default. Each key to set is listed with what it needs, and each
 * default written out with the family's fix for it, if any.
 */
export function sectionSkeleton(
  family: Pick<FamilyModule, 'name' | 'section' | 'configFixes'>,
  entryPath: string,
): { section: unknown; needs: SkeletonNeed[]; defaults: SkeletonDefault[] } {
  const schema = z.toJSONSchema(family.section, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  const needs: SkeletonNeed[] = [];
  const defaults: SkeletonDefault[] = [];
  // A key's own fix (its dotted path, else its name); an object's fix is not repeated for each of its keys.
  const fixOf = (path: readonly string[]) =>
    family.configFixes?.[path.join('.')] ?? family.configFixes?.[path[path.length - 1] ?? ''];
  const keyOf = (path: readonly string[]) => `${entryPath}.families.${family.name}.${path.join('.')}`;
  const skeletonValueOf = (node: JsonSchemaNode, path: string[]): unknown => {
    const key = keyOf(path);
    const choice = node.anyOf?.[0] ?? node.oneOf?.[0];
    if (choice) return skeletonValueOf(choice, path);
    if (node.const !== undefined) return node.const;
    if (node.enum?.length) {
      needs.push({
        key,
        needs: `${fixOf(path) ?? 'one of'}: ${node.enum.map((value) => JSON.stringify(value)).join(', ')}`,
        choices: node.enum,
      });
      return node.enum[0];
    }
    const type = Array.isArray(node.type) ? node.type[0] : node.type;
    if (type === 'object') {
      const required = [...(node.required ?? []), ...(node.initKeys ?? [])];
      return Object.fromEntries(
        Object.entries(node.properties ?? {}).flatMap(([name, child]): [string, unknown][] => {
          // A key written for a refinement may have a documented default too (loyalty's mandatory demographics).
          if (!isLeafDefault(child.default))
            return required.includes(name) ? [[name, skeletonValueOf(child, [...path, name])]] : [];
          const fix = fixOf([...path, name]);
          const choices = child.enum ? { choices: child.enum } : {};
          defaults.push({
            key: keyOf([...path, name]),
            value: child.default,
            ...(fix ? { needs: fix } : {}),
            ...choices,
          });
          return [[name, child.default]];
        }),
      );
    }
    if (type === 'array') return node.minItems ? [skeletonValueOf(node.items ?? {}, [...path, '0'])] : [];
    if (type === 'boolean') {
      needs.push({ key, needs: `true or false: ${fixOf(path) ?? 'set it'}`, choices: [true, false] });
      return false;
    }
    if (type === 'number' || type === 'integer') {
      needs.push({ key, needs: fixOf(path) ?? 'a number' });
      return 0;
    }
    const variable = `${family.name.toUpperCase()}_${variableOf(path)}`;
    const secret = isSecretEntryKey(path[path.length - 1] ?? '');
    needs.push({ key, variable, needs: fixOf(path) ?? 'a value', ...(secret ? { secret } : {}) });
    return `\${${variable}}`;
  };
  return { section: skeletonValueOf(schema, []), needs, defaults };
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import { builtInFamilies } from './index.ts';
import { targetSchemaFor } from '../targets/schema.ts';

/*
 * docs/targets-reference.md, generated from the schemas themselves (npm run schema writes it; a self-test keeps
 * it current): every key of a target entry and of each family's section, with its type, whether it is required,
 * its default and bounds from the zod schema, and what it means from the comment the schema file puts on it.
 */

interface JsonNode {
  type?: string | string[];
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  additionalProperties?: JsonNode | boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
}

/**
 * The comment on each property of the schema file's object literals, by `parent.key` (the enclosing property or const)
 * and by key.
 */
function propertyComments(file: string): Map<string, string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const comments = new Map<string, string>();
  const seen = new Map<string, number>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const text = ts
        .getJSDocCommentsAndTags(node)
        .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      let parent: ts.Node | undefined = node.parent;
      while (parent && !ts.isPropertyAssignment(parent) && !ts.isVariableDeclaration(parent)) parent = parent.parent;
      const parentName =
        parent && (ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) && ts.isIdentifier(parent.name)
          ? parent.name.text
          : '';
      // Fix texts and other plain strings (configFixes) are not schema properties.
      if (!ts.isStringLiteralLike(node.initializer) && !ts.isTemplateExpression(node.initializer))
        seen.set(node.name.text, (seen.get(node.name.text) ?? 0) + 1);
      if (text) comments.set(`${parentName}.${node.name.text}`, text).set(node.name.text, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A key alone finds its comment only when the file has one property of that name.
  for (const [key, count] of seen) if (count > 1) comments.delete(key);
  return comments;
}

const typeText = (node: JsonNode): string => {
  const choices = node.anyOf ?? node.oneOf;
  if (choices) return choices.map(typeText).join(' or ');
  if (node.const !== undefined) return `\`${JSON.stringify(node.const)}\``;
  if (node.enum) return node.enum.map((value) => `\`${JSON.stringify(value)}\``).join(', ');
  const type = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  if (type === 'array') return `list of ${typeText(node.items ?? {})}`;
  if (type === 'object' && !node.properties && typeof node.additionalProperties === 'object')
    return `map of ${typeText(node.additionalProperties)}`;
  return type;
};

const bounds = (node: JsonNode): string =>
  [
    node.minimum !== undefined ? `>= ${node.minimum}` : '',
    node.exclusiveMinimum !== undefined ? `> ${node.exclusiveMinimum}` : '',
    node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER ? `<= ${node.maximum}` : '',
    node.minLength !== undefined ? `${node.minLength}+ chars` : '',
    node.maxLength !== undefined ? `at most ${node.maxLength} chars` : '',
    node.minItems ? `${node.minItems}+ items` : '',
  ]
    .filter(Boolean)
    .join(', ');

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** One table row per key, nested keys as dotted paths. */
function rows(
  node: JsonNode,
  comments: Map<string, string>,
  path: string[] = [],
  scopes: readonly string[] = [],
): string[] {
  const required = node.required ?? [];
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const parents = path.length ? [path[path.length - 1] as string] : scopes;
    // A nested object is often a const of its own (`client` is clientSettingsSchema): its name starts with the key's,
    // or with the entry kind's and the key's where kinds differ (`ready` of a container is containerReadySchema).
    const candidates = [...comments].filter(([scopedKey]) => scopedKey.endsWith(`.${key}`));
    const ofKind = candidates.find(([scopedKey]) =>
      scopes.some((scope) =>
        parents.some((parent) => scopedKey.toLowerCase().startsWith(`${scope}${parent}`.toLowerCase())),
      ),
    );
    const scoped = (ofKind ??
      candidates.find(([scopedKey]) => parents.some((parent) => scopedKey.startsWith(parent))))?.[1];
    const meaning =
      [...parents.map((parent) => comments.get(`${parent}.${key}`)), scoped, comments.get(key)].find((text) => text) ??
      '';
    const flags = [
      required.includes(key)
        ? '**required**'
        : child.default !== undefined
          ? `default \`${JSON.stringify(child.default)}\``
          : 'optional',
      bounds(child),
    ]
      .filter(Boolean)
      .join('; ');
    const own = `| \`${[...path, key].join('.')}\` | ${cell(typeText(child))} | ${cell(flags)} | ${cell(meaning)} |`;
    return [own, ...(child.properties ? rows(child, comments, [...path, key], scopes) : [])];
  });
}

const header = ['| key | type | required / default | what it is |', '|---|---|---|---|'];
const schemaFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export function targetsReferenceText(): string {
  const entry = z.toJSONSchema(targetSchemaFor(builtInFamilies), { io: 'input', unrepresentable: 'any' }) as JsonNode;
  const kinds = (entry.oneOf ?? entry.anyOf ?? []).map((kind) => ({
    kind,
    name: String(kind.properties?.kind?.const ?? ''),
  }));
  const common = propertyComments(schemaFile('../targets/schema.ts'));
  const lines = [
    '# targets.json reference',
    '',
    '<!-- Generated from the zod schemas (targets/schema.ts, suites/<family>/entry/section.ts) by `npm run schema`; a self-test keeps it current. Do not edit. -->',
    '',
    'A targets file is `{ "$schema": ..., "default": NAME, "targets": { NAME: entry, ... } }`. Strings may hold `${VAR}`',
    '(filled from the environment) and `{port}` (a free port chosen at start). Each entry is one of the kinds below,',
    'with one section per interface family under `families`.',
  ];
  for (const { kind, name } of kinds) {
    const { families: _families, ...rest } = kind.properties ?? {};
    lines.push(
      '',
      `## Entry of kind \`${name}\``,
      '',
      ...header,
      ...rows({ ...kind, properties: rest }, common, [], [name, 'common']),
    );
  }
  const familiesNode = kinds[0]?.kind.properties?.families?.properties ?? {};
  for (const family of builtInFamilies) {
    const section = familiesNode[family.name];
    if (!section) continue;
    // The walk bounds are one fragment spread into each walking family's section: their comments live there.
    const comments = new Map([
      ...propertyComments(schemaFile('../targets/walk-bounds.ts')),
      ...propertyComments(schemaFile(`../suites/${family.name}/entry/section.ts`)),
    ]);
    lines.push(
      '',
      `## \`families.${family.name}\``,
      '',
      family.title,
      '',
      ...header,
      ...rows(section.anyOf?.[0] ?? section, comments),
    );
  }
  return `${lines.join('\n')}\n`;
}

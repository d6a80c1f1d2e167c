import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** A documented limit or enumeration as rules/<family>/limits.ts exports it. */
export interface DocumentedLimit {
  /** `<family>.<export name>`, as a finding names it. */
  name: string;
  value: number | string | readonly (number | string)[];
}

/** A documented fact written again as a literal outside rules/. */
export interface LimitLiteral {
  /** `path:line`, relative to the project root. */
  at: string;
  literal: string;
  limit: string;
}

/**
 * Numbers below this are counts and indices everywhere (a first page, a pair, a retry): a limit that small is
 * not told apart from them by its value, so only limits of two digits or more are looked for.
 */
export const smallestScannedNumber = 10;

const isScalar = (value: unknown): value is number | string => typeof value === 'number' || typeof value === 'string';

/**
 * The named exports of a limits module that are documented limits: numbers, strings, lists of them, and
 * tables of named numbers or strings (each entry one limit).
 */
export function limitsOf(family: string, module: Record<string, unknown>): DocumentedLimit[] {
  const limitsIn = (name: string, value: unknown): DocumentedLimit[] => {
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) return [{ name, value }];
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return Object.entries(value).flatMap(([key, entry]) =>
        isScalar(entry) ? [{ name: `${name}.${key}`, value: entry }] : [],
      );
    return [];
  };
  return Object.entries(module).flatMap(([name, value]) => limitsIn(`${family}.${name}`, value));
}

function typeScriptFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function literalValue(node: ts.Node): number | string | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isLiteralTypeNode(node)) return literalValue(node.literal);
  return undefined;
}

/** The elements of a list written out (an array literal, or a union of literal types), as literal values. */
function listElements(node: ts.Node): ts.Node[] | undefined {
  if (ts.isArrayLiteralExpression(node)) return [...node.elements];
  if (ts.isUnionTypeNode(node)) return [...node.types];
  return undefined;
}

/** Marks a literal that only shares its value with a limit (a window of the reference's own): on its line or the one above. */
export const coincidenceMarker = 'not-a-limit:';

/** A factor of a product, a quotient or a remainder is a unit (1000 ms a second, 100 cents a dollar), not a limit. */
function isUnitFactor(node: ts.Node): boolean {
  const { parent } = node;
  return (
    ts.isBinaryExpression(parent) &&
    [ts.SyntaxKind.AsteriskToken, ts.SyntaxKind.SlashToken, ts.SyntaxKind.PercentToken].includes(
      parent.operatorToken.kind,
    )
  );
}

/**
 * Where a file writes a documented fact as a literal: a number limit (of two digits or more), or the boundary
 * one either side of it, anywhere in code but as a unit factor, a single documented string anywhere, and an enumeration where a list (array or union
 * type) holds every one of its values, that is, restates the list. Some values of an enumeration are data (a
 * fixture's status, the two requests that walk forward), not the list again. Comments are not code and are not read; a literal whose line
 * or the line above says `not-a-limit: <why>` is a coincidence of value.
 */
export function limitLiterals(root: string, file: string, limits: readonly DocumentedLimit[]): LimitLiteral[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: LimitLiteral[] = [];
  const lines = source.text.split('\n');
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const at = (node: ts.Node) => `${relative(root, file)}:${lineOf(node) + 1}`;
  const marked = (node: ts.Node) =>
    [lines[lineOf(node)], lines[lineOf(node) - 1]].some((line) => line?.includes(coincidenceMarker));
  // A boundary next to a limit (65 for 64) is the limit written again too: `trackIdMaxLength + 1`.
  const numbers = limits
    .filter(
      (limit): limit is DocumentedLimit & { value: number } =>
        typeof limit.value === 'number' && limit.value >= smallestScannedNumber,
    )
    .flatMap((limit) => [
      limit,
      { name: `${limit.name} - 1`, value: limit.value - 1 },
      { name: `${limit.name} + 1`, value: limit.value + 1 },
    ]);
  const strings = limits.filter(
    (limit): limit is DocumentedLimit & { value: string } => typeof limit.value === 'string',
  );
  const lists = limits.filter(
    (limit): limit is DocumentedLimit & { value: readonly (number | string)[] } =>
      Array.isArray(limit.value) && limit.value.length >= 2,
  );
  const visit = (node: ts.Node): void => {
    const value = literalValue(node);
    if (value !== undefined && !ts.isLiteralTypeNode(node) && !isUnitFactor(node) && !marked(node)) {
      for (const limit of [...numbers, ...strings])
        if (limit.value === value) found.push({ at: at(node), literal: node.getText(source), limit: limit.name });
    }
    const elements = listElements(node)?.map(literalValue);
    if (elements && !marked(node)) {
      for (const limit of lists) {
        const members = elements.filter((element) => element !== undefined && limit.value.includes(element));
        if (limit.value.every((value) => members.includes(value)))
          found.push({ at: at(node), literal: JSON.stringify(members), limit: limit.name });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The folders outside rules/ that use a family's facts, each with a folder per family: its generators, its suites
 * with its checks and load part (suites/<f>/checks, suites/<f>/load), and its reference.
 */
export const stagesUsingLimits = ['generators', 'suites', 'reference'] as const;
/** The family's parts under suites/<f>/ that state no documented limit of their own: the entry section and client. */
const unscannedFamilyParts = ['entry', 'client'];

/** Every documented limit of a family written as a literal in the family's folders of the other stages. */
export function familyLimitLiterals(root: string, family: string, limits: readonly DocumentedLimit[]): LimitLiteral[] {
  const unscanned = unscannedFamilyParts.map((part) => join(root, 'suites', family, part) + sep);
  return stagesUsingLimits.flatMap((stage) =>
    typeScriptFiles(join(root, stage, family))
      .filter((file) => !unscanned.some((folder) => file.startsWith(folder)))
      .flatMap((file) => limitLiterals(root, file, limits)),
  );
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A function of the source with its length in lines, named by its file and what it is called (or called in). */
export interface MeasuredFunction {
  /** `file#name`: stable while lines move. */
  key: string;
  lines: number;
  at: string;
}

/** The folders that are not the harness's own source: tests, dependencies, reports, docs. */
const notSource = new Set(['node_modules', 'test', 'reports', 'docs', 'examples']);

function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || notSource.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** What a function is called: its own name, else the variable, property or call (a test's title) it is given to. */
function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    const [first] = parent.arguments;
    const title = first && ts.isStringLiteralLike(first) ? `(${first.text.slice(0, 50)})` : '';
    return `${parent.expression.getText(source).slice(0, 40)}${title}`;
  }
  return `(anonymous in ${parent ? ts.SyntaxKind[parent.kind] : 'file'})`;
}

/** Every function with a body in the harness's source (bench/ included), with its length in lines. */
export function measureFunctions(root: string): MeasuredFunction[] {
  return sourceFiles(root).flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const found: MeasuredFunction[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.end).line;
        const path = relative(root, file).split('\\').join('/');
        found.push({ key: `${path}#${nameOf(node, source)}`, lines: last - first + 1, at: `${path}:${first + 1}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

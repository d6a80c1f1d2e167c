import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { sharedChecks } from '../../checks/index.ts';
import { builtInFamilies } from '../../families/index.ts';
import { checks as throwawayChecks } from '../families/throwaway/family.ts';

/*
 * A suite judges a rule only through the check the rule names (`ruleTest(id, ({ check }) => ...)`): no file
 * under suites/ imports a registered check function, so it cannot judge a rule with a check the rule does not
 * name. Lenient readers and prerequisite helpers (not registered) stay importable.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const suiteFolders = [join(root, 'suites'), join(root, 'test/families/throwaway/suites')];

/**
 * A family's folder under suites/ also holds its parts of the lower stages (entry section, client, checks, load
 * part): those are not suites, and its checks are what a suite must not import.
 */
const isFamilyStagePart = (file: string) => /\/suites\/[^/]+\/(entry|client|checks|load)\//.test(file);

/** The suite files and suite support files under a folder. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !isFamilyStagePart(file));
}

interface NamedImport {
  file: string;
  module: string;
  names: string[] | '*';
}

/** The named and namespace imports of values (not `import type`) from relative modules. */
function valueImports(file: string, source: string): NamedImport[] {
  const found: NamedImport[] = [];
  for (const match of source.matchAll(/^import\s+(?!type\s)([\s\S]*?)\s+from\s+'(\.[^']+)';/gm)) {
    const clause = match[1] ?? '';
    const module = resolve(dirname(file), match[2] ?? '');
    if (/\*\s+as\s+/.test(clause)) {
      found.push({ file, module, names: '*' });
      continue;
    }
    const inBraces = /\{([\s\S]*)\}/.exec(clause)?.[1] ?? '';
    const names = inBraces
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]?.trim() ?? part);
    const defaultName = clause.split(/[,{]/)[0]?.trim();
    if (defaultName) names.push('default');
    if (names.length) found.push({ file, module, names });
  }
  return found;
}

const registeredChecks = new Map<unknown, string>([
  ...Object.entries(sharedChecks).map(([name, check]) => [check, `shared check ${name}`] as const),
  ...(await Promise.all(builtInFamilies.map(async (family) => ({ family, checks: await family.checks() })))).flatMap(
    ({ family, checks }) =>
      Object.entries(checks).map(([name, check]) => [check, `${family.name} check ${name}`] as const),
  ),
  ...Object.entries(throwawayChecks).map(([name, check]) => [check, `throwaway check ${name}`] as const),
]);

/** Registered check functions a file imports, as "<file> imports <name> (<registered as>)". */
async function registeredChecksImported(file: string): Promise<string[]> {
  const offences: string[] = [];
  for (const { module, names } of valueImports(file, readFileSync(file, 'utf8'))) {
    // Suites' own support files are scanned as files themselves; importing them would register tests.
    if (suiteFolders.some((folder) => module.startsWith(folder)) && !isFamilyStagePart(module)) continue;
    const exports = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
    for (const name of names === '*' ? Object.keys(exports) : names) {
      const registeredAs = registeredChecks.get(exports[name]);
      if (registeredAs) offences.push(`${relative(root, file)} imports ${name} (${registeredAs})`);
    }
  }
  return offences;
}

/** Where a family suite (or its support) makes a violation itself: "new (Rule)Violation" or a subclass of one. */
function violationsMade(source: string): string[] {
  return [...source.matchAll(/\bnew\s+(?:Rule)?Violation\b|\bextends\s+(?:Rule)?Violation\b/g)].map(
    (match) => match[0],
  );
}

/** Family suites: suites/<family>/ and the throwaway plug-in's; suites/support/ is the rule-test machinery. */
const familySuiteFiles = () =>
  suiteFolders.flatMap(filesUnder).filter((file) => !file.startsWith(join(root, 'suites/support/')));

describe('suites judge rules only through the check each rule names', () => {
  test('no family suite makes a violation itself: a rule fails by its check, a prerequisite reader or a combination of its own violations', () => {
    const offences = familySuiteFiles().flatMap((file) =>
      violationsMade(readFileSync(file, 'utf8')).map((made) => `${relative(root, file)}: ${made}`),
    );
    expect(offences).toEqual([]);
    expect(familySuiteFiles().length).toBeGreaterThan(40);
  });

  test('the scan sees a violation made or subclassed, and not one only tested for', () => {
    expect(violationsMade("throw new RuleViolation(id.x, 'made here', []);")).toEqual(['new RuleViolation']);
    expect(violationsMade('class Mine extends RuleViolation {}')).toEqual(['extends RuleViolation']);
    expect(violationsMade("throw new Violation('made here', []);")).toEqual(['new Violation']);
    expect(violationsMade('if (error instanceof RuleViolation) throw error;')).toEqual([]);
  });

  test('no suite or suite support file imports a registered check function', async () => {
    const offences = (await Promise.all(suiteFolders.flatMap(filesUnder).map(registeredChecksImported))).flat();
    expect(offences).toEqual([]);
  });

  test('the scan sees an import of a registered check, a renamed one, and a namespace import', async () => {
    const file = join(root, 'suites/agentic/example.suite.ts');
    const source = [
      "import { statusForInvalidInput as judge, type X } from '../../checks/status-for-invalid-input.ts';",
      "import type { Verdict } from '../../engine/rule-violation.ts';",
      "import * as agentic from '../../suites/agentic/checks/index.ts';",
      "import {\n  refusedAs4xx,\n} from '../../checks/refused-as-4xx.ts';",
    ].join('\n');
    const imports = valueImports(file, source);
    expect(imports.map((entry) => [relative(root, entry.module), entry.names])).toEqual([
      ['checks/status-for-invalid-input.ts', ['statusForInvalidInput']],
      ['suites/agentic/checks/index.ts', '*'],
      ['checks/refused-as-4xx.ts', ['refusedAs4xx']],
    ]);
    const first = (await import(pathToFileURL(imports[0]?.module ?? '').href)) as Record<string, unknown>;
    expect(registeredChecks.get(first.statusForInvalidInput)).toBe('shared check status-for-invalid-input');
    // A lenient reader is not a registered check.
    const reader = (await import(pathToFileURL(imports[2]?.module ?? '').href)) as Record<string, unknown>;
    expect(registeredChecks.get(reader.refusedAs4xx)).toBeUndefined();
  });
});

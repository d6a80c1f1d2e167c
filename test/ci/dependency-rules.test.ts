import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';

/*
 * `npm run lint:deps` (part of `npm test`) must fail the build on an import against the stage order and on a
 * cycle, type-only imports included. The project's own .dependency-cruiser.cjs is run on a tiny tree laid out
 * as the project is (stage folders, a tsconfig), so what is proven is the config, not a copy of it.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const config = join(repoRoot, '.dependency-cruiser.cjs');
const depcruise = join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

const workspaces: string[] = [];
afterAll(() => {
  for (const workspace of workspaces) rmSync(workspace, { recursive: true, force: true });
});

/** A project tree of the given files (path -> source) with the compiler options the project uses. */
function treeOf(files: Record<string, string>): string {
  const workspace = mkdtempSync(join(tmpdir(), 'depcruise-rules-'));
  workspaces.push(workspace);
  const tsconfig = {
    compilerOptions: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      allowImportingTsExtensions: true,
      noEmit: true,
      verbatimModuleSyntax: true,
    },
  };
  writeFileSync(join(workspace, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), source);
  }
  return workspace;
}

function cruise(dir: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [depcruise, '--config', config, '--output-type', 'err', '.'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('imports that point down the stages pass', () => {
  const dir = treeOf({
    'rules/rule.ts': "export const ruleId = 'x.y';\n",
    'checks/check.ts': "import { ruleId } from '../rules/rule.ts';\nexport const check = () => ruleId;\n",
    'suites/x.suite.ts': "import { check } from '../checks/check.ts';\ncheck();\n",
  });
  const { status, output } = cruise(dir);
  expect(output).not.toMatch(/error/);
  expect(status).toBe(0);
});

describe('a tree with every kind of wrong import (one cruise, as npm test runs it)', () => {
  let result: { status: number | null; output: string };
  beforeAll(() => {
    result = cruise(
      treeOf({
        // A type-only import up the stages.
        'checks/check.ts': 'export type CheckName = string;\n',
        'rules/rule.ts':
          "import type { CheckName } from '../checks/check.ts';\nexport const check: CheckName = 'json-body';\n",
        // Reporting reaching into the suites; the reference importing the CLI.
        'suites/support/outcome.ts': 'export type Outcome = { ruleId: string };\n',
        'reporting/summary.ts':
          "import type { Outcome } from '../suites/support/outcome.ts';\nexport const count = (outcomes: Outcome[]) => outcomes.length;\n",
        'cli/main.ts': 'export const main = () => 0;\n',
        'reference/image/entry.ts': "import { main } from '../../cli/main.ts';\nmain();\n",
        // A cycle inside one stage, of types only.
        'reference/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
        'reference/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
        // The load engine naming a family's folder.
        'load/billing/probes.ts': 'export const probes = [];\n',
        'load/load-engine.ts': "import { probes } from './billing/probes.ts';\nexport const all = probes;\n",
        // core/ reaching up into a stage: it is below them all.
        'core/guard.ts': "import { check } from '../rules/rule.ts';\nexport const guard = check;\n",
        // A family's checks (a part of the checks stage inside suites/<f>/) reaching up into its suite file, and
        // its rule table (rules/<f>/) into its adapters (a part of the adapters stage inside rules/<f>/).
        'suites/billing/charges.suite.ts': 'export const suiteName = "charges";\n',
        'suites/billing/checks/charge-check.ts':
          "import { suiteName } from '../charges.suite.ts';\nexport const charge = suiteName;\n",
        'rules/billing/adapters/adapter.ts': 'export type Adapter = { name: string };\n',
        'rules/billing/rules.ts':
          "import type { Adapter } from './adapters/adapter.ts';\nexport const adapter: Adapter = { name: 'x' };\n",
        // A top-level folder with no place in the order.
        'outcomes/outcome.ts': 'export type Outcome = { ruleId: string };\n',
        'reporting/totals.ts':
          "import type { Outcome } from '../outcomes/outcome.ts';\nexport const total = (outcomes: Outcome[]) => outcomes.length;\n",
      }),
    );
  }, 30_000);

  test('fails the build', () => {
    expect(result.status).not.toBe(0);
  });

  test('a type-only import up the stages is named by the stage rule', () => {
    expect(result.output).toContain('rules-imports-only-lower-stages: rules/rule.ts → checks/check.ts');
  });

  test('reporting may not read the suites, nor the reference the CLI', () => {
    expect(result.output).toContain(
      'reporting-imports-only-lower-stages: reporting/summary.ts → suites/support/outcome.ts',
    );
    expect(result.output).toContain('reference-imports-only-lower-stages: reference/image/entry.ts → cli/main.ts');
  });

  test('a cycle inside one stage is named', () => {
    expect(result.output).toMatch(/no-circular: reference\/(a|b)\.ts/);
  });

  test("a stage's shared files name no family: the load engine may not import a family's load folder", () => {
    expect(result.output).toContain('shared-files-know-no-family: load/load-engine.ts → load/billing/probes.ts');
  });

  test("a family's part of a stage keeps its stage's place inside another stage's family folder", () => {
    expect(result.output).toContain(
      'checks-imports-only-lower-stages: suites/billing/checks/charge-check.ts → suites/billing/charges.suite.ts',
    );
    expect(result.output).toContain(
      'rules-imports-only-lower-stages: rules/billing/rules.ts → rules/billing/adapters/adapter.ts',
    );
  });

  test('core/ imports no stage', () => {
    expect(result.output).toContain('core-imports-only-lower-stages: core/guard.ts → rules/rule.ts');
  });

  test('a new top-level folder must take its place in the order before it is imported', () => {
    expect(result.output).toContain('imports-only-placed-folders: reporting/totals.ts → outcomes/outcome.ts');
  });
});

test('the rule that keeps shared files free of families names every family of the registry, read from it', () => {
  const rules = (createRequire(import.meta.url)(config) as { forbidden: { name: string; to: { path?: string } }[] })
    .forbidden;
  const familyRule = rules.find((rule) => rule.name === 'shared-files-know-no-family');
  const named = /\(([^)]*)\)\/$/.exec(familyRule?.to.path ?? '')?.[1]?.split('|') ?? [];
  expect(named.sort()).toEqual(builtInFamilies.map((family) => family.name).sort());
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';

/*
 * The load stage is an engine plus a folder per family (suites/<family>/load/), which only the family's module lists.
 * The engine (load/*.ts) must know no family: it imports none of those folders and no string in its code names a
 * family, so adding a family's load part never edits the engine.
 */
const loadDir = new URL('../../load/', import.meta.url);
/** The engine's own folders (its outputs), which are no family's: their files are judged as the engine's. */
const engineFolders = ['outputs'];
const tsFilesOf = (dir: URL, prefix = '') =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => ({
      name: `${prefix}${entry.name}`,
      text: readFileSync(fileURLToPath(new URL(entry.name, dir)), 'utf8'),
    }));
const engineFiles = [
  ...tsFilesOf(loadDir),
  ...engineFolders.flatMap((folder) => tsFilesOf(new URL(`${folder}/`, loadDir), `${folder}/`)),
];
/** Folders in load/ besides the engine's own: none, a family's load part lives in its suites folder. */
const foldersBesideTheEngine = readdirSync(loadDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !engineFolders.includes(entry.name))
  .map((entry) => entry.name);
/** The families with a load folder of their own (suites/<family>/load/). */
const familiesWithLoadFolder = builtInFamilies
  .map((family) => family.name)
  .filter((name) => existsSync(fileURLToPath(new URL(`../../suites/${name}/load/`, import.meta.url))));

/** Import specifiers of a module, static and dynamic. */
const importsOf = (text: string) =>
  [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((match) => match[1] as string);
/** String literals of a module's code, import specifiers and comments left out. */
const literalsOf = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/^import[^;]*;$/gm, '')
    .match(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g) ?? [];

describe('the load engine names no family', () => {
  test('every built-in family with a load part has its folder in suites/<family>/load/, none in load/, and the engine has files to judge', () => {
    expect(engineFiles.length).toBeGreaterThan(10);
    const withLoad = builtInFamilies.filter((family) => family.load).map((family) => family.name);
    expect(withLoad).toEqual(builtInFamilies.map((family) => family.name));
    expect([...familiesWithLoadFolder].sort()).toEqual([...withLoad].sort());
    expect(foldersBesideTheEngine).toEqual([]);
  });

  test.each(engineFiles.map((file) => [file.name, file] as const))(
    '%s imports no load folder of a family and no literal names a family',
    (_name, file) => {
      const intoFamilyFolder = importsOf(file.text).filter((specifier) => /(^|\/)suites\//.test(specifier));
      expect(intoFamilyFolder).toEqual([]);
      const naming = literalsOf(file.text).filter((literal) =>
        builtInFamilies.some((family) => new RegExp(`\\b${family.name}\\b`).test(literal)),
      );
      expect(naming).toEqual([]);
    },
  );
});

import { register } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * A module of the team's own repository that an entry names by path (relative to the targets file; a `.ts`, `.mts`,
 * `.js` or `.mjs` file): imported once a process (TypeScript through the harness's hooks), its export found and its
 * functions checked, a mistake thrown in words for the family to report under its key. Each family says which export
 * and which functions its adapter has (rules/billing/adapters/load-adapter.ts, rules/exchange/adapters/load-adapter.ts).
 */

/** What one family's adapter module must export. */
export interface TeamModuleKind {
  /** The adapter in words, for messages, e.g. 'billing adapter'. */
  readonly what: string;
  /** The named export read when the module has no default export, e.g. 'billingAdapter'. */
  readonly exportName: string;
  /** The functions the export must have. */
  readonly functions: readonly string[];
  /** Functions the export may leave out; where it has one, it must be a function. Default none. */
  readonly optionalFunctions?: readonly string[];
}

/** Whether an entry's value names a module by path rather than one the harness ships (or a field mapping). */
export function isModulePath(value: unknown): value is string {
  return typeof value === 'string' && (/^\.{0,2}\//.test(value) || /\.(?:[cm]?[jt]s)$/.test(value));
}

/** The module's path, absolute, resolved against the folder of the targets file. */
export function modulePath(value: string, targetsDir: string): string {
  return isModulePath(value) && !isAbsolute(value) ? resolve(targetsDir, value) : value;
}

const loaded = new Map<string, Promise<unknown>>();
let hooksRegistered = false;

/** A TypeScript module of the team's, imported where the harness runs bundled (no TypeScript hooks yet). */
function ensureTypeScriptHooks(path: string): void {
  if (hooksRegistered || !/\.[cm]?ts$/.test(path)) return;
  hooksRegistered = true;
  const hooks = join(fileURLToPath(new URL('../bin', import.meta.url)), 'typescript-hooks.mjs');
  register(pathToFileURL(hooks).href);
}

/** The adapter the module at `path` (absolute) exports, checked against `kind`; imported once a process. */
export function loadTeamModule<Adapter>(path: string, kind: TeamModuleKind): Promise<Adapter> {
  const key = `${kind.exportName}\0${path}`;
  const cached = loaded.get(key);
  if (cached !== undefined) return cached as Promise<Adapter>;
  const loading = importTeamModule(path, kind);
  loaded.set(key, loading);
  return loading as Promise<Adapter>;
}

async function importTeamModule(path: string, kind: TeamModuleKind): Promise<unknown> {
  ensureTypeScriptHooks(path);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`the module ${path} could not be loaded: ${(error as Error).message.split('\n')[0]}`);
  }
  const adapter = (module.default ?? module[kind.exportName]) as Record<string, unknown> | undefined;
  if (!adapter || typeof adapter !== 'object')
    throw new Error(`the module ${path} exports no ${kind.what} (a default export, or one named ${kind.exportName})`);
  const missing = kind.functions.filter((name) => typeof adapter[name] !== 'function');
  if (missing.length) throw new Error(`the adapter of ${path} has no ${missing.join(', ')}`);
  const wrong = (kind.optionalFunctions ?? []).filter(
    (name) => adapter[name] !== undefined && typeof adapter[name] !== 'function',
  );
  if (wrong.length) throw new Error(`the adapter of ${path} has ${wrong.join(', ')} that is no function`);
  return adapter;
}

/**
 * The adapter a name stands for: one of `shipped`, or the team's module at an absolute path (the entry's, made
 * absolute when the target was resolved); a mistake is thrown in words.
 */
export function namedAdapter<Adapter>(
  name: string,
  shipped: Readonly<Record<string, Adapter>>,
  kind: TeamModuleKind,
): Promise<Adapter> {
  const own = shipped[name];
  if (own) return Promise.resolve(own);
  if (!isModulePath(name)) return Promise.reject(new Error(`no adapter named "${name}"`));
  return loadTeamModule<Adapter>(name, kind);
}

import { register } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BillingAdapter } from './adapter.ts';
import { type FieldMapping, mappedBillingAdapter } from './field-mapping.ts';
import { billingAdapters } from './registry.ts';

/*
 * A billing adapter from the team's own repository: the entry's `adapter` names a module by path (relative to the
 * targets file; a `.ts`, `.mts`, `.js` or `.mjs` file) whose default export, or export `billingAdapter`, implements
 * BillingAdapter (adapters/billing/adapter.ts, exported by the package). A name without a path is one the harness ships.
 */

/** Every function a BillingAdapter has: a module missing one is refused before any traffic. */
const adapterFunctions = [
  'parseTokenResponse',
  'createChargeBody',
  'updateChargeBody',
  'updateChargeBodyWithoutId',
  'queryChargeBody',
  'createProductBody',
  'parseChargeResponse',
  'parseQueryResponse',
  'parseProductResponse',
  'chargeIdOf',
  'productIdOf',
  'withoutGeneratedFields',
  'invalidChargeBodies',
] as const satisfies readonly (keyof BillingAdapter)[];

/** Whether `adapter` names a module by path rather than one the harness ships (or a field mapping). */
export function isAdapterPath(adapter: string | FieldMapping): adapter is string {
  return typeof adapter === 'string' && (/^\.{0,2}\//.test(adapter) || /\.(?:[cm]?[jt]s)$/.test(adapter));
}

/** The adapter's path, absolute, resolved against the folder of the targets file. */
export function adapterPath(adapter: string, targetsDir: string): string {
  return isAdapterPath(adapter) && !isAbsolute(adapter) ? resolve(targetsDir, adapter) : adapter;
}

const loaded = new Map<string, Promise<BillingAdapter>>();
let hooksRegistered = false;

/** A TypeScript module of the team's, imported where the harness runs bundled (no TypeScript hooks yet). */
function ensureTypeScriptHooks(path: string): void {
  if (hooksRegistered || !/\.[cm]?ts$/.test(path)) return;
  hooksRegistered = true;
  const hooks = join(fileURLToPath(new URL('../../bin', import.meta.url)), 'typescript-hooks.mjs');
  register(pathToFileURL(hooks).href);
}

/**
 * The adapter an entry names (a shipped name, an absolute module path, or a field mapping): a mistake in it is thrown,
 * in words.
 */
export function loadBillingAdapter(adapter: string | FieldMapping): Promise<BillingAdapter> {
  if (typeof adapter !== 'string') return Promise.resolve(mappedBillingAdapter(adapter));
  const shipped = billingAdapters[adapter];
  if (shipped) return Promise.resolve(shipped);
  if (!isAdapterPath(adapter)) return Promise.reject(new Error(`no adapter named "${adapter}"`));
  const cached = loaded.get(adapter);
  if (cached !== undefined) return cached;
  const loading = importAdapter(adapter);
  loaded.set(adapter, loading);
  return loading;
}

async function importAdapter(path: string): Promise<BillingAdapter> {
  ensureTypeScriptHooks(path);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`the module ${path} could not be loaded: ${(error as Error).message.split('\n')[0]}`);
  }
  const adapter = (module.default ?? module.billingAdapter) as Partial<BillingAdapter> | undefined;
  if (!adapter || typeof adapter !== 'object')
    throw new Error(`the module ${path} exports no billing adapter (a default export, or one named billingAdapter)`);
  const missing = adapterFunctions.filter((name) => typeof adapter[name] !== 'function');
  if (missing.length) throw new Error(`the adapter of ${path} has no ${missing.join(', ')}`);
  return adapter as BillingAdapter;
}

import { HarnessError } from '../core/harness-error.ts';

const envPlaceholder = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Where a value sits in targets.json, for messages: targets.staging.credentials.billing.clientSecret. */
export type KeyPath = readonly (string | number)[];

export function formatKeyPath(path: KeyPath): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : part))
    .join('.')
    .replaceAll('.[', '[');
}

/**
 * Every ${VAR} of a JSON value that the environment does not set, or sets to the empty string (how a CI secret that
 * is not set arrives), with the key that uses it.
 */
export function unsetPlaceholders(
  value: unknown,
  env: NodeJS.ProcessEnv,
  path: KeyPath,
): { path: KeyPath; name: string; empty: boolean }[] {
  if (typeof value === 'string')
    return [...value.matchAll(envPlaceholder)]
      .map((match) => match[1] as string)
      .filter((name) => env[name] === undefined || env[name] === '')
      .map((name) => ({ path, name, empty: env[name] === '' }));
  if (Array.isArray(value)) return value.flatMap((item, index) => unsetPlaceholders(item, env, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => unsetPlaceholders(item, env, [...path, key]));
  return [];
}

/**
 * Replaces ${VAR} in every string of a JSON value with the environment's value. Variables that are not set
 * are one error naming each and the key that uses it; secrets therefore never need to live in the file.
 */
export function fillEnvPlaceholders(value: unknown, env: NodeJS.ProcessEnv, path: KeyPath): unknown {
  const unset = unsetPlaceholders(value, env, path);
  if (unset.length) {
    const names = [...new Set(unset.map(({ name }) => name))];
    throw new HarnessError(
      'ENV_MISSING',
      unset
        .map(
          ({ path: where, name, empty }) =>
            `${formatKeyPath(where)} uses \${${name}}, which ${empty ? 'is set but empty (a CI secret that is not set arrives as an empty string)' : 'is not set in the environment'}`,
        )
        .join('\n'),
      `export ${names.map((name) => `${name}=...`).join(' ')} before running, or change ${unset.length === 1 ? formatKeyPath((unset[0] as { path: KeyPath }).path) : 'those keys'}`,
    );
  }
  return mapStrings(value, (text) => text.replace(envPlaceholder, (_, name: string) => env[name] as string));
}

/** Every string of a JSON value passed through `change`; the rest as it is. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  return value;
}

/** Replaces a literal {name} token in every string of a JSON value. */
export function fillToken(value: unknown, token: string, replacement: string): unknown {
  return mapStrings(value, (text) => text.replaceAll(`{${token}}`, replacement));
}

export function mentionsToken(value: unknown, token: string): boolean {
  return JSON.stringify(value ?? null).includes(`{${token}}`);
}

import { HarnessError } from './harness-error.ts';

const envPlaceholder = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Where a value sits in targets.json, for messages: targets.staging.credentials.billing.clientSecret. */
export type KeyPath = readonly (string | number)[];

export function formatKeyPath(path: KeyPath): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : part)).join('.').replaceAll('.[', '[');
}

/**
 * Replaces ${VAR} in every string of a JSON value with the environment's value. A variable that is not
 * set is an error naming the key that uses it; secrets therefore never need to live in the file.
 */
export function fillEnvPlaceholders(value: unknown, env: NodeJS.ProcessEnv, path: KeyPath): unknown {
  if (typeof value === 'string') {
    return value.replace(envPlaceholder, (_, name: string) => {
      const filled = env[name];
      if (filled === undefined) {
        throw new HarnessError(
          'ENV_MISSING',
          `${formatKeyPath(path)} uses \${${name}}, which is not set in the environment`,
          `export ${name}=... before running, or change ${formatKeyPath(path)}`,
        );
      }
      return filled;
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => fillEnvPlaceholders(item, env, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillEnvPlaceholders(item, env, [...path, key])]));
  }
  return value;
}

/** Replaces a literal {name} token in every string of a JSON value. */
export function fillToken(value: unknown, token: string, replacement: string): unknown {
  if (typeof value === 'string') return value.replaceAll(`{${token}}`, replacement);
  if (Array.isArray(value)) return value.map((item) => fillToken(item, token, replacement));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillToken(item, token, replacement)]));
  }
  return value;
}

export function mentionsToken(value: unknown, token: string): boolean {
  return JSON.stringify(value ?? null).includes(`{${token}}`);
}

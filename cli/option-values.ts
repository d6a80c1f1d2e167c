import { resolve } from 'node:path';
import { HarnessError } from '../core/harness-error.ts';
import type { reportsPaths } from '../run/paths.ts';

/* An option's text as the value a command needs; a value out of bounds is a USAGE error naming the option. */

export function integerOption(
  value: unknown,
  name: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new HarnessError('USAGE', `--${name} must be an integer ${bounds}, got ${String(value)}`);
  }
  return number;
}

/** `600`, `90s` or `10m` -> milliseconds; undefined when not given. */
export function durationOption(
  value: unknown,
  name: string,
  maxSeconds = Number.POSITIVE_INFINITY,
): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(String(value).trim());
  const milliseconds = match ? Number(match[1]) * (match[2] === 'm' ? 60_000 : 1000) : Number.NaN;
  if (!(milliseconds >= 1000 && milliseconds <= maxSeconds * 1000)) {
    const bounds = Number.isFinite(maxSeconds) ? `from 1 s to ${maxSeconds} s` : 'of at least 1 s';
    throw new HarnessError('USAGE', `--${name} must be a duration ${bounds} (600, 90s, 10m), got ${String(value)}`);
  }
  return Math.round(milliseconds);
}

/** `--suite a --suite b,c` -> ['a', 'b', 'c']; undefined when not given. */
export function listOption(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return (value as string[])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `--history FILE`, else the reports folder's history file. */
export function historyFileOption(value: unknown, paths: ReturnType<typeof reportsPaths>): string {
  return value === undefined ? paths.allureHistory : resolve(String(value));
}

import { parseJsonBounded } from './json-depth.ts';

/** True when text parses to a JSON object (not an array, not null, not a scalar). Pure. */
export function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = parseJsonBounded(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

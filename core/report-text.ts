import { defaultRedactor } from './redaction.ts';

/** Longest text of one value in a report (parameter, counterexample). */
const maxShownChars = 2000;

/** A value as report text: redacted on the one redaction path, then cut (a cut value is no longer JSON). */
export function reportText(value: unknown): { text: string; truncated: boolean } {
  const redacted = defaultRedactor.redactValue(value);
  const text = typeof redacted === 'string' ? redacted : (JSON.stringify(redacted) ?? String(redacted));
  return text.length > maxShownChars
    ? { text: `${text.slice(0, maxShownChars)} (… cut at ${maxShownChars} characters)`, truncated: true }
    : { text, truncated: false };
}

import { defaultRedactor } from '../../core/redaction.ts';
import type { Gen, InvalidCase } from '../../generators/gen.ts';

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

function isSecretDerivedCase(value: unknown): value is InvalidCase<unknown> {
  return typeof value === 'object' && value !== null && (value as InvalidCase<unknown>).derivedFromSecret === true;
}

/** A counterexample derived from a secret (a token with one character changed) is described, never shown. */
export function shownCounterexample(value: unknown): unknown {
  return isSecretDerivedCase(value) ? { ...value, value: `(withheld: derived from a secret: ${value.why})` } : value;
}

/**
 * Values derived from a secret are secrets: registers them (and what follows an auth scheme) for literal
 * redaction, so a target echoing one back does not put it in a report.
 */
export function registerSecretDerived<T>(gen: Gen<InvalidCase<T>>): Gen<InvalidCase<T>> {
  for (const invalid of gen.boundaries) {
    if (!invalid.derivedFromSecret || typeof invalid.value !== 'string') continue;
    defaultRedactor.addSecret(invalid.value);
    const credential = invalid.value.split(' ').at(-1);
    if (credential) defaultRedactor.addSecret(credential);
  }
  return gen;
}

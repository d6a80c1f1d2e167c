import { defaultRedactor } from '../core/redaction.ts';
import type { Gen, InvalidCase } from '../generators/gen.ts';

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

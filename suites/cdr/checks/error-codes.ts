import type { Exchange } from '../../../client/http-exchange.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** One refusal the suite provoked, the exchanges of it, and the standard error codes that name its condition. */
export interface ProvokedRefusal {
  condition: string;
  exchanges: readonly Exchange[];
  /** Full standard URNs (urn:au-cds:error:cds-all:...), any of which names the condition. */
  codes: readonly string[];
  /**
   * The status of this refusal; another answer is the refusal rule's to judge, not a code to read. Default: any 4xx.
   */
  status?: number;
}

type ErrorItem = { code?: unknown; meta?: { urn?: unknown } | null };

/**
 * Each refusal carries an error whose code, or meta.urn for an application-specific code, is a standard code of
 * its condition. A refusal that is no refusal (not 4xx) is for the rule that provoked it; an error body of
 * another shape is for cdr.error.shape, which blocks this rule.
 */
export function errorCodes(refusals: readonly ProvokedRefusal[]): Verdict {
  const named: Record<string, string> = {};
  for (const { condition, exchanges, codes, status: expected } of refusals) {
    for (const exchange of exchanges) {
      const status = exchange.response?.status;
      if (status === undefined || status < 400 || status >= 500 || (expected !== undefined && status !== expected))
        continue;
      let errors: unknown;
      try {
        errors = (exchange.response?.json() as { errors?: unknown } | null)?.errors;
      } catch {
        errors = undefined;
      }
      if (!Array.isArray(errors))
        throw new PrerequisiteMissing(
          ['cdr.error.shape'],
          `${condition}: the ${status} answer has no errors list to read a code from`,
          [exchange],
        );
      const given = (errors as ErrorItem[])
        .flatMap((error) => [error?.code, error?.meta?.urn])
        .filter((code): code is string => typeof code === 'string');
      const match = given.find((code) => codes.includes(code));
      // An application-specific code without its meta.urn hides the standard code: that is the urn rule's.
      const unnamed = (errors as ErrorItem[]).some(
        (error) =>
          typeof error?.code === 'string' && !/^urn:/i.test(error.code) && typeof error?.meta?.urn !== 'string',
      );
      if (!match && unnamed)
        throw new PrerequisiteMissing(
          ['cdr.error.urn-for-application-code'],
          `${condition}: an application-specific code without meta.urn names no standard code`,
          [exchange],
        );
      if (!match)
        throw new Violation(
          `${condition}: the ${status} answer names ${given.length ? given.map((code) => JSON.stringify(code)).join(', ') : 'no code'}, not the standard code ${codes.join(' or ')}`,
          [exchange],
        );
      named[condition] = match;
    }
  }
  return passed(named);
}

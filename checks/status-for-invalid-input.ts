import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/** The documented answer of a refusal: one status, the several a document lists for it, or null where none is named. */
export type DocumentedRefusal = number | readonly number[] | null;

/**
 * Invalid input is never accepted and never crashes the target: the answer is a 4xx, and one of the
 * operation's documented 4xx where the document names them (several where it lists several for the case;
 * which one was met is the verdict's observation).
 */
export function statusForInvalidInput(exchange: Exchange, documentedStatus: DocumentedRefusal): Verdict {
  const { status } = responseOf(exchange);
  const documented = documentedStatus === null ? [] : [documentedStatus].flat();
  if (documented.length > 0 && !documented.includes(status)) {
    throw new Violation(`Invalid input answered ${status}; the documented answer is ${documented.join(' or ')}`, [
      exchange,
    ]);
  }
  if (status < 400 || status > 499) {
    throw new Violation(`Invalid input answered ${status}; expected a 4xx rejection`, [exchange]);
  }
  return passed({ status });
}

import type { Exchange } from '../../../client/http-exchange.ts';
import { getHeader } from '../../../client/headers.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/**
 * A successful answer and what was asked: the x-v sent, the x-min-v (when any) and the versions the entry says are
 * served.
 */
export interface VersionedAnswer {
  exchange: Exchange;
  requested: number;
  minimum?: number;
  served: readonly number[];
}

/**
 * The standard's response header x-v (mandatory): the version the holder answered with, one it serves, not
 * above the x-v asked and not below an x-min-v that is below the x-v asked (at or above it, x-min-v is absent).
 */
export function versionHeader(answers: readonly VersionedAnswer[]): Verdict {
  const seen = new Set<string>();
  for (const { exchange, requested, minimum, served } of answers) {
    if (exchange.response?.status !== 200) continue;
    const header = getHeader(exchange.response.headers, 'x-v');
    const asked = `x-v ${requested}${minimum === undefined ? '' : ` x-min-v ${minimum}`}`;
    if (header === undefined)
      throw new Violation(`The 200 answer to ${asked} carries no x-v header (the version served is mandatory)`, [
        exchange,
      ]);
    const version = /^[1-9]\d*$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
    const floor = minimum !== undefined && minimum < requested ? minimum : requested;
    const problem = Number.isNaN(version)
      ? 'is not a positive integer'
      : !served.includes(version)
        ? `is not a version the entry says is served (${served.join(', ')})`
        : version > requested
          ? 'is above the x-v asked'
          : version < floor
            ? 'is below the lowest version asked'
            : undefined;
    if (problem)
      throw new Violation(`The answer to ${asked} says x-v ${JSON.stringify(header)}, which ${problem}`, [exchange]);
    seen.add(`${asked} -> ${version}`);
  }
  return passed({ answered: [...seen].sort() });
}

import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/** The response carries a header that was sent back unchanged (one header, byte-for-byte the same value). */
export function headerEcho(exchange: Exchange, expected: { headerName: string; sent: string }): Verdict {
  const { headerName, sent } = expected;
  const { headers } = responseOf(exchange);
  const echoed = headers[headerName.toLowerCase()];
  if (echoed === undefined) {
    throw new Violation(`${headerName} was sent but not returned`, [exchange]);
  }
  const value = Array.isArray(echoed) ? echoed.join(', ') : echoed;
  if (value !== sent) {
    throw new Violation(`${headerName} came back changed: sent ${JSON.stringify(sent)}, got ${JSON.stringify(value)}`, [
      exchange,
    ]);
  }
  return passed();
}

import type { Exchange } from '../client/http-exchange.ts';

/**
 * The Content-Type values the responses came with, each with how many carried it ("(none)" for none), for an
 * observation: which form a JSON rule met, or what a target labels its bodies where no document says.
 */
export function contentTypeForms(exchanges: readonly Exchange[]): Record<string, number> {
  const forms: Record<string, number> = {};
  for (const { response } of exchanges) {
    if (!response) continue;
    const value = response.headers['content-type'];
    const form = value === undefined || value === '' ? '(none)' : String(value);
    forms[form] = (forms[form] ?? 0) + 1;
  }
  return forms;
}

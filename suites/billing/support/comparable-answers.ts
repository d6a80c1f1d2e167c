import type { BillingAdapter } from '../../../rules/billing/adapters/adapter.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { bodyOf } from './answer-reading.ts';

/*
 * What two billing answers are compared on. Document 1 shows no field of the charge records or of the error records
 * ("not shown"), so "the same answer" is the status and what the adapter reads of the record: the charge id and the
 * resolved pricing. What a target adds where the document is silent (a per-request processId, timestamps, a trace
 * id, error details) never makes two answers differ.
 */

/** A query's answer as compared: its status, and the charge id and resolved pricing where the adapter reads them. */
export function comparableQueryAnswer(adapter: BillingAdapter, exchange: Exchange): unknown {
  const { response } = exchange;
  if (!response) return { unanswered: exchange.error?.code };
  return { status: response.status, reading: comparableQueryBody(adapter, bodyOf(exchange)) };
}

/**
 * A query's body as compared: the charge id and resolved pricing the adapter reads, or undefined where it reads
 * none (an error record, whose fields the document does not show).
 */
export function comparableQueryBody(adapter: BillingAdapter, body: unknown): unknown {
  try {
    const parsed = adapter.parseQueryResponse(body);
    return { chargeId: parsed.charge.chargeId, resolvedPricing: parsed.resolvedPricing };
  } catch {
    return undefined;
  }
}

/**
 * A creation's body as compared: of the fields the request sent, those the created charge shows (no other field of
 * the record is defined), without the identifiers made anew for every creation; undefined where the adapter reads
 * no charge.
 */
export function comparableCreationBody(adapter: BillingAdapter, sent: unknown, body: unknown): unknown {
  try {
    const state = adapter.parseChargeResponse(body).state;
    if (!isRecord(state) || !isRecord(sent)) return {};
    const shown = Object.keys(sent).filter((key) => Object.hasOwn(state, key));
    return adapter.withoutGeneratedFields(Object.fromEntries(shown.map((key) => [key, state[key]])));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

import type { Exchange } from '../../../client/http-exchange.ts';
import { exchangeCodes } from '../../../rules/exchange/codes.ts';

/** A non-zero code must sit in the general (500xx) or the trading (510xx) range. */
export function codeInRange(code: string): boolean {
  return /^50\d{3}$/.test(code) || /^51\d{3}$/.test(code);
}

/** Success is exactly the string "0": not the number 0, not "00", not " 0". */
export function isSuccessCode(code: unknown): boolean {
  return code === exchangeCodes.success;
}

/**
 * A code as the rules that do not judge its form read it: a number as its digits. Whether code is a string
 * is the code-string rule's to judge alone, so the others compare the value whatever its JSON type.
 */
export function codeText(code: unknown): string | undefined {
  if (typeof code === 'string') return code;
  if (typeof code === 'number' && Number.isFinite(code)) return String(code);
  return undefined;
}

/**
 * Success as read leniently by the rules that only need to know whether a request succeeded: a code whose
 * value is zero ("0", 0, "00"). That it is exactly the string "0" is the success-code rule's to judge.
 */
export function readsAsSuccess(code: unknown): boolean {
  const text = codeText(code);
  return text !== undefined && /^0+$/.test(text.trim());
}

export interface BatchItem {
  index: number;
  raw: unknown;
  sCode: unknown;
  sMsg: unknown;
  clOrdId: unknown;
  ordId: unknown;
}

/** The envelope of one response as read, without judging it: fields as found (types unchecked). */
export interface Envelope {
  /** The body parsed as a JSON object; undefined when the body is not a JSON object. */
  body?: Record<string, unknown>;
  code: unknown;
  msg: unknown;
  data: unknown;
  /** Per-item outcomes when data is an array. */
  items: BatchItem[];
}

/** Reads the envelope of an exchange's response; undefined when there is no response or no JSON object. */
export function readEnvelope(exchange: Exchange): Envelope | undefined {
  const response = exchange.response;
  if (!response || exchange.error) return undefined;
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const body = parsed as Record<string, unknown>;
  const items = Array.isArray(body.data)
    ? body.data.map((raw, index) => {
        const item = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
        return { index, raw, sCode: item.sCode, sMsg: item.sMsg, clOrdId: item.clOrdId, ordId: item.ordId };
      })
    : [];
  return { body, code: body.code, msg: body.msg, data: body.data, items };
}

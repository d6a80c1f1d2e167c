import { exchangeCodes, timestampToleranceSeconds } from '../../rules/exchange/limits.ts';

/** One order of a batch as the reference answers it. */
export interface OrderOutcome {
  sCode: string;
  sMsg: string;
  clOrdId: string;
  ordId: string;
}

/** The points of the exchange reference a mutant may replace, each the behaviour of one rule. */
export interface ExchangeBehaviour {
  /** The body of every answer, from its code, msg and data. */
  envelope(code: string, msg: string, data: unknown): Record<string, unknown>;
  /** The code a request refused as a whole shows for the code it was refused with. */
  refusalCode(code: string): string;
  /** The data of a request refused as a whole. */
  refusalData(): unknown;
  /** An order item as the batch's answer shows it. */
  itemShown(item: OrderOutcome): Partial<OrderOutcome>;
  /** Whether a valid, affordable order at this index of its batch fails all the same. */
  validOrderFails(index: number): boolean;
  /** The sCode and sMsg of an order the account cannot afford. */
  unaffordable: { sCode: string; sMsg: string };
  /** The code and msg of the details of an order id never issued. */
  unknownOrder: { code: string; msg: string };
  /** Whether a request with an unknown access key is served from the reference account. */
  unknownKeyServed: boolean;
  /** Whether a request's signature is verified. */
  signatureChecked: boolean;
  /** The code of a rate-limited request. */
  rateLimitedCode: string;
  /** Largest distance accepted between a request's timestamp and the server's clock. */
  timestampToleranceMs: number;
}

export const referenceBehaviour: ExchangeBehaviour = {
  envelope: (code, msg, data) => ({ code, msg, data }),
  refusalCode: (code) => code,
  refusalData: () => [],
  itemShown: (item) => item,
  validOrderFails: () => false,
  unaffordable: { sCode: exchangeCodes.insufficientBalance, sMsg: 'Order failed. Insufficient balance' },
  unknownOrder: { code: exchangeCodes.orderNotFound, msg: 'Order does not exist' },
  unknownKeyServed: false,
  signatureChecked: true,
  rateLimitedCode: exchangeCodes.rateLimited,
  timestampToleranceMs: timestampToleranceSeconds * 1000,
};

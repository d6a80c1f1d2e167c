/** Codes of the exchange-style interface named by the spec document (part B, Errors). */
export const exchangeCodes = {
  success: '0',
  rateLimited: '50011',
  timestampExpired: '50102',
  unknownKey: '50111',
  invalidSignature: '50113',
  parameterError: '51000',
  insufficientBalance: '51008',
  orderNotFound: '51603',
} as const;

/**
 * Codes of the real exchange (OKX v5, "Error Code") more specific than the document's 51000 and 51008, for the faults
 * the suite's orders carry: an item failing with one of them is failing for the documented reason. The document lists
 * 51000 and 51008 and says "The complete list of codes and the codes of each endpoint: not shown".
 */
export const specificItemCodes = {
  /** "Parameter {param0} cannot be empty": an order field sent empty. */
  emptyParameter: '50014',
  /** "Instrument ID does not exist": an order on an instrument the exchange does not list. */
  unknownInstrument: '51001',
  /** "Insufficient balance": an order the account cannot pay for. */
  insufficientBalance: '51131',
} as const;

/**
 * The real exchange's answer to an operation it does not serve (OKX v5, "Error Code": 50005, "API endpoint is inactive
 * or unavailable"): a target that does not serve an operation the document does not show answers this, or 404/405.
 */
export const endpointUnavailableCode = '50005';

/** The real exchange's order details (OKX v5, GET /api/v5/trade/order): where an order id it never issued is asked. */
export const orderDetailsPath = '/api/v5/trade/order';

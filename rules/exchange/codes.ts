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

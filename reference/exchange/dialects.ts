/**
 * What differs between the document's interface and the real exchange it summarises. `default` is the document:
 * EX-ACCESS-* headers, no passphrase, a refused or partly failed batch answers the first failed item's code.
 * `okx-dialect` is the real exchange's v5 as its clients use it: OK-ACCESS-* headers with a passphrase, the
 * trade mode (tdMode) required on every order, top-level code "1" when every order failed and "2" when some
 * did, and its own codes for a missing header (50103 key, 50104 passphrase, 50106 sign, 50107 timestamp).
 */
export interface Dialect {
  headerPrefix: string;
  passphraseRequired: boolean;
  requiredOrderFields: readonly string[];
  batchCodes: 'first-failed-item' | 'all-or-partial';
  missingHeaderCodes: boolean;
}

export const dialects: Record<string, Dialect> = {
  default: {
    headerPrefix: 'EX-ACCESS-',
    passphraseRequired: false,
    requiredOrderFields: [],
    batchCodes: 'first-failed-item',
    missingHeaderCodes: false,
  },
  'okx-dialect': {
    headerPrefix: 'OK-ACCESS-',
    passphraseRequired: true,
    requiredOrderFields: ['tdMode'],
    batchCodes: 'all-or-partial',
    missingHeaderCodes: true,
  },
};

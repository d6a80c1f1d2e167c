/** The secrets the reference's entries carry (identifiers such as client and API key ids are not secrets). */
export const referenceSecretNames = [
  'REFERENCE_CLIENT_SECRET',
  'REFERENCE_EXCHANGE_SECRET_KEY',
  'REFERENCE_EXCHANGE_PASSPHRASE',
  'REFERENCE_CUSTODY_TOKEN',
  'REFERENCE_CARDS_TOKEN',
  'REFERENCE_AGENTIC_TOKEN',
  'REFERENCE_AGENTIC_PRIVATE_KEY',
  'REFERENCE_LOYALTY_MAC_SECRET',
  'REFERENCE_LOYALTY_TOKEN',
] as const;

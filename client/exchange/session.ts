import type { FamilySession, SessionOptions } from '../family-session.ts';
import type { ExchangeSection } from '../../targets/exchange/section.ts';
import { batchOrdersPath } from '../../adapters/exchange/orders.ts';
import type { ClientSettings } from '../../targets/schema.ts';
import type { CircuitBreaker } from '../circuit-breaker.ts';
import { preflightReport } from '../preflight.ts';
import type { Redactor } from '../../core/redaction.ts';
import { exchangeCodes } from '../../rules/exchange/codes.ts';
import { readEnvelope } from './envelope.ts';
import { ExchangeClient } from './exchange-client.ts';

/** The family's signing client for a target section: credentials and header names from the section. */
export function exchangeClientFor(
  section: ExchangeSection,
  settings: ClientSettings,
  redactor: Redactor,
  breaker?: CircuitBreaker,
): ExchangeClient {
  const { credentials, signing } = section;
  return new ExchangeClient({
    baseUrl: section.baseUrl,
    apiKey: credentials.apiKey,
    secretKey: credentials.secretKey,
    ...(credentials.passphrase ? { passphrase: credentials.passphrase } : {}),
    headers: {
      key: signing.keyHeader,
      sign: signing.signHeader,
      timestamp: signing.timestampHeader,
      passphrase: signing.passphraseHeader,
    },
    pathFrom: signing.pathFrom,
    orderTemplate: section.orderTemplate,
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    redactor,
    ...(breaker ? { breaker } : {}),
  });
}

/**
 * The run's exchange session: a preflight (an empty batch, refused as a whole, shows reach and key); nothing shared.
 */
export function openExchangeSession({
  section,
  client,
  redactor,
  breaker,
}: SessionOptions<ExchangeSection>): FamilySession {
  const exchangeClient = exchangeClientFor(section, client, redactor, breaker);
  return {
    preflight: async () => {
      const exchange = await exchangeClient.post(batchOrdersPath, '[]');
      const code = readEnvelope(exchange)?.code;
      const refused = [
        exchangeCodes.unknownKey,
        exchangeCodes.invalidSignature,
        exchangeCodes.timestampExpired,
        ...section.expectations.missingSignatureCodes,
      ].includes(code as never);
      return preflightReport('exchange', section.baseUrl, exchange, exchange.response !== undefined && !refused);
    },
    serve: {},
    close: () => exchangeClient.close(),
  };
}

import type { FamilySession, SessionOptions } from '../../families/family.ts';
import type { ExchangeSection } from '../../targets/exchange/section.ts';
import { batchOrdersPath } from '../../adapters/exchange/orders.ts';
import { preflightReport } from '../preflight.ts';
import { exchangeCodes, readEnvelope } from './envelope.ts';
import { ExchangeClient } from './exchange-client.ts';

/** The run's exchange session: a preflight (an empty batch, refused as a whole, shows reach and key); nothing shared. */
export function openExchangeSession({ section, client, redactor }: SessionOptions<ExchangeSection>): FamilySession {
  const exchangeClient = new ExchangeClient({
    baseUrl: section.baseUrl,
    apiKey: section.credentials.apiKey,
    secretKey: section.credentials.secretKey,
    ...(section.credentials.passphrase ? { passphrase: section.credentials.passphrase } : {}),
    headers: { key: section.signing.keyHeader, sign: section.signing.signHeader, timestamp: section.signing.timestampHeader, passphrase: section.signing.passphraseHeader },
    timeoutMs: client.timeoutMs,
    redactor,
  });
  return {
    preflight: async () => {
      const exchange = await exchangeClient.post(batchOrdersPath, '[]');
      const code = readEnvelope(exchange)?.code;
      const refused = [exchangeCodes.unknownKey, exchangeCodes.invalidSignature, exchangeCodes.timestampExpired].includes(code as never);
      return preflightReport('exchange', section.baseUrl, exchange, exchange.response !== undefined && !refused);
    },
    serve: {},
    close: () => exchangeClient.close(),
  };
}

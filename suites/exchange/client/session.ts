import type { FamilySession, SessionOptions } from '../../../client/family-session.ts';
import type { ExchangeSection } from '../entry/section.ts';
import { batchOrdersPath } from '../../../rules/exchange/adapters/orders.ts';
import { loadExchangeOrderAdapter } from '../../../rules/exchange/adapters/load-adapter.ts';
import type { ClientSettings } from '../../../targets/schema.ts';
import type { CircuitBreaker } from '../../../client/circuit-breaker.ts';
import { preflightReport } from '../../../client/preflight.ts';
import type { Redactor } from '../../../core/redaction.ts';
import { endpointUnavailableCode, exchangeCodes } from '../../../rules/exchange/codes.ts';
import { codeText, readEnvelope } from './envelope.ts';
import {
  checkCredential,
  refusedByStatus,
  withClient,
  withCredentialChecks,
  wrongCredential,
} from '../../../client/credential-check.ts';
import type { Exchange, OutgoingRequest } from '../../../client/http-exchange.ts';
import { ExchangeClient } from './exchange-client.ts';
import { withoutHeaders } from '../../../client/request-signer.ts';
import { type SignatureKeys, signatureSigner } from './signature-signer.ts';

/**
 * The family's signing client for a target section: credentials and header names from the section, orders written by
 * its adapter (a team's module was checked when the target was resolved).
 */
export async function exchangeClientFor(
  section: ExchangeSection,
  settings: ClientSettings,
  redactor: Redactor,
  breaker?: CircuitBreaker,
): Promise<ExchangeClient> {
  return new ExchangeClient({
    ...signatureKeysOf(section),
    orders: await loadExchangeOrderAdapter(section.adapter),
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
export async function openExchangeSession({
  section,
  client,
  redactor,
  breaker,
}: SessionOptions<ExchangeSection>): Promise<FamilySession> {
  const exchangeClient = await exchangeClientFor(section, client, redactor, breaker);
  return {
    preflight: async () => {
      const ask = (venue: ExchangeClient) => venue.post(batchOrdersPath, '[]');
      const exchange = await ask(exchangeClient);
      const refusal = (answer: Exchange) => {
        const code = codeText(readEnvelope(answer)?.code);
        const refusing = [
          exchangeCodes.unknownKey,
          exchangeCodes.invalidSignature,
          exchangeCodes.timestampExpired,
          ...section.expectations.missingSignatureCodes,
        ];
        return code !== undefined && refusing.includes(code as never) ? `code ${code}` : refusedByStatus(answer);
      };
      const report = {
        ...preflightReport(
          'exchange',
          section.baseUrl,
          exchange,
          exchange.response !== undefined && refusal(exchange) === undefined,
        ),
        // The real exchange's "endpoint unavailable" is its 404.
        ...(codeText(readEnvelope(exchange)?.code) === endpointUnavailableCode ? { operationNotServed: true } : {}),
      };
      const wrongSection = { ...section, credentials: { ...section.credentials, secretKey: wrongCredential } };
      const signature = await checkCredential({
        kind: 'signature',
        key: 'credentials (apiKey, secretKey, passphrase) or signing',
        sent: exchange,
        withWrong: async () => withClient(await exchangeClientFor(wrongSection, client, redactor), ask),
        refusal,
      });
      return withCredentialChecks(report, [signature]);
    },
    serve: {},
    close: () => exchangeClient.close(),
  };
}

/** What signing needs of a section: the base URL, the credentials and the header names. */
export function signatureKeysOf(section: ExchangeSection): SignatureKeys {
  const { credentials, signing } = section;
  return {
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
  };
}

/** The request with the entry's key, a fresh timestamp and its signature set afresh (`harness sign`). */
export async function withFreshExchangeSignature(
  section: ExchangeSection,
  request: OutgoingRequest,
): Promise<OutgoingRequest> {
  const keys = signatureKeysOf(section);
  const names = Object.values(keys.headers ?? {});
  return signatureSigner(keys)(withoutHeaders(request, names), {});
}

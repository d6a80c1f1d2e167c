import {
  brokerCall,
  BrokeredCallError,
  type BrokerAddress,
  type BrokeredMethods,
} from '../../../client/session-broker.ts';
import { asRule } from '../../../core/rule-in-progress.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { exchangeFromJson, exchangeToJson, type TransferredExchange } from '../../../client/exchange-transfer.ts';
import { TokenCache, type IssuedToken } from '../../../client/token-cache.ts';
import { Pacer, type RequestPacer } from '../../../client/token-endpoint-pacer.ts';

/**
 * Everything the billing caller rules make shared: one bearer token used until it expires, and one spacing
 * of token requests ("Rules for the token operation"). A run has one such session per target in its main
 * process; suite workers reach it through the session broker.
 */
export interface BillingTokenSession {
  /** The shared bearer token; a new one only when it is about to expire. */
  token(): Promise<string>;
  /** The token request that issued the current token, or the failed attempt. */
  issuingExchange(): Promise<Exchange>;
  /** Token requests of every client of the session wait here, and a 429 pauses them all. */
  readonly tokenPacer: RequestPacer;
  /** Tokens the session has fetched so far. */
  tokensIssued(): Promise<number>;
}

/** The catalog checks cannot run without a token; the token rules report why. */
export class TokenUnavailableError extends Error {
  override readonly name = 'TokenUnavailableError';
  readonly code = 'TOKEN_UNAVAILABLE';
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
  }

  /** What crosses the session broker: the failed token exchange, for the evidence. */
  toTransfer(): TransferredExchange {
    return exchangeToJson(this.exchange);
  }
}

/** The session itself, held by the process that owns it. */
export class LocalTokenSession implements BillingTokenSession {
  readonly tokenPacer: Pacer;
  readonly #cache: TokenCache;
  #lastExchange: Exchange | undefined;

  constructor(options: {
    minIntervalMs: number;
    requestToken: () => Promise<Exchange>;
    readToken: (exchange: Exchange) => IssuedToken;
  }) {
    this.tokenPacer = new Pacer({ minIntervalMs: options.minIntervalMs });
    this.#cache = new TokenCache({
      fetchToken: async () => {
        const exchange = await options.requestToken();
        this.#lastExchange = exchange;
        return options.readToken(exchange);
      },
    });
  }

  token(): Promise<string> {
    return this.#cache.get();
  }

  tokenWithLifetime(): Promise<{ accessToken: string; validForMs: number }> {
    return this.#cache.getWithLifetime();
  }

  async issuingExchange(): Promise<Exchange> {
    await this.token().catch(() => undefined);
    return this.#lastExchange as Exchange;
  }

  async tokensIssued(): Promise<number> {
    return this.#cache.fetchCount;
  }
}

/** The methods a local session serves through the broker, by the names BrokeredTokenSession calls. */
export function serveTokenSession(session: LocalTokenSession, tokenRule: string): BrokeredMethods {
  return {
    // The token request is the token rule's work, whichever rule's request needed the token.
    token: () => asRule(tokenRule, () => session.tokenWithLifetime()),
    tokenSlot: () => session.tokenPacer.wait(),
    pauseTokenRequests: async ({ ms }: { ms: number }) => session.tokenPacer.pauseFor(ms),
    issuingExchange: async () => exchangeToJson(await session.issuingExchange()),
    tokensIssued: () => session.tokensIssued(),
  };
}

/** A worker's view of the run's session: every call goes to the main process. */
export class BrokeredTokenSession implements BillingTokenSession {
  readonly tokenPacer: RequestPacer;
  readonly #cache: TokenCache;

  constructor(
    private readonly broker: BrokerAddress,
    private readonly family: string,
  ) {
    this.tokenPacer = {
      wait: () => this.#call('tokenSlot'),
      pauseFor: (ms) => void this.#call('pauseTokenRequests', { ms }).catch(() => undefined),
    };
    // The main process decides when the token is renewed; this copy lives exactly as long as it says.
    this.#cache = new TokenCache({
      refreshMarginSeconds: 0,
      fetchToken: async () => {
        const { accessToken, validForMs } = await this.#call<{ accessToken: string; validForMs: number }>('token');
        return { accessToken, expiresInSeconds: validForMs / 1000 };
      },
    });
  }

  token(): Promise<string> {
    return this.#cache.get();
  }

  async issuingExchange(): Promise<Exchange> {
    return exchangeFromJson(await this.#call<TransferredExchange>('issuingExchange'));
  }

  tokensIssued(): Promise<number> {
    return this.#call<number>('tokensIssued');
  }

  async #call<T>(method: string, argument?: unknown): Promise<T> {
    try {
      return await brokerCall<T>(this.broker, this.family, method, argument);
    } catch (error) {
      // A token the target would not issue fails here as it would have in the main process.
      if (error instanceof BrokeredCallError && error.code === 'TOKEN_UNAVAILABLE') {
        throw new TokenUnavailableError(error.message, exchangeFromJson(error.data as TransferredExchange));
      }
      throw error;
    }
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { FixedWindowLimiter } from '../fixed-window-limiter.ts';
import type { ExchangeBehaviour } from './behaviour.ts';
import type { Dialect } from './dialects.ts';

/** Quote balance of the reference's account. */
const startingBalance = 1_000_000;

export type AuthHeader = 'key' | 'sign' | 'timestamp' | 'passphrase';

/** A request refused as a whole: its HTTP status, code and msg, and any header it carries (Retry-After). */
export interface Refusal {
  status: number;
  code: string;
  msg: string;
  headers?: Record<string, string>;
}

export interface ExchangeSettings {
  /** Signed requests allowed per account per fixed window. */
  rateLimit: { requests: number; windowMs: number };
  /** Prefix of the auth headers (key, sign, timestamp, passphrase). */
  headerPrefix: string;
}

/** What every part of the exchange reference works with: its behaviour, dialect, the account and its rate limit. */
export class ExchangeContext {
  readonly #orders = new Map<string, Record<string, string>>();
  /** The one account, by access key (from REFERENCE_EXCHANGE_API_KEY). */
  readonly account: string;
  /** Prefix of the auth headers, lower case as Node gives header names. */
  readonly prefix: string;
  /** Quote balance of each account, by access key. */
  private readonly balances: Map<string, number>;
  private readonly secrets: Map<string, string>;
  private readonly limiter: FixedWindowLimiter;
  private nextOrdId = 1;

  constructor(
    readonly behaviour: ExchangeBehaviour,
    readonly dialect: Dialect,
    readonly env: NodeJS.ProcessEnv,
    settings: ExchangeSettings,
  ) {
    this.account = env.REFERENCE_EXCHANGE_API_KEY ?? '';
    this.balances = new Map([[this.account, startingBalance]]);
    this.secrets = new Map([[this.account, env.REFERENCE_EXCHANGE_SECRET_KEY ?? '']]);
    this.prefix = settings.headerPrefix.toLowerCase();
    this.limiter = new FixedWindowLimiter(settings.rateLimit.requests, settings.rateLimit.windowMs);
  }

  authHeader(req: IncomingMessage, name: AuthHeader): string | undefined {
    const value = req.headers[`${this.prefix}${name}`];
    return typeof value === 'string' ? value : undefined;
  }

  /** The account an access key names; an unknown key has none, unless the behaviour serves it the reference's. */
  accountOf(key: string | undefined): string | undefined {
    if (key !== undefined && this.balances.has(key)) return key;
    return this.behaviour.unknownKeyServed ? this.account : undefined;
  }

  balanceOf(account: string): number {
    return this.balances.get(account) as number;
  }

  secretOf(account: string): string {
    return this.secrets.get(account) ?? '';
  }

  /** Counts one signed request of the account and says whether it is over the limit of its window. */
  overLimit(account: string): boolean {
    return !this.limiter.hit(account).allowed;
  }

  newOrdId(): string {
    return String(this.nextOrdId++);
  }

  /** Remembers a placed order, as its details answer it. */
  remember(order: { ordId: string; clOrdId: string }): void {
    this.#orders.set(order.ordId, { ...order, state: 'live' });
  }

  /** The details of an order placed here, or undefined for an id never issued. */
  orderOf(ordId: string): Record<string, string> | undefined {
    return this.#orders.get(ordId);
  }

  send(res: ServerResponse, status: number, code: string, msg: string, data: unknown): void {
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify(this.behaviour.envelope(code, msg, data)));
  }

  refuse(res: ServerResponse, { status, code, msg, headers }: Refusal): void {
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    this.send(res, status, this.behaviour.refusalCode(code), msg, this.behaviour.refusalData());
  }
}
